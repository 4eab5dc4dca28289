// The public entry of modules/auth (issue 25): Accounts: captcha, passwords, sessions, SMS codes, login and registration.
// Other modules and the composition root import only what is exported here.
export { authRoutes } from './auth.routes';
export { createSms } from './sms';
export { consumeSmsCode, createMember, startSession, unusablePasswordHash, type ClientInfo, type LoginResult } from './auth.service';
