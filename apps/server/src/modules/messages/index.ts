// The public entry of modules/messages (issue 25): System messages and notices (SMS/WeChat copies through notice_jobs).
// Other modules and the composition root import only what is exported here.
export { messageRoutes } from './messages.routes';
export { noticeQueue } from './notice-jobs';
export { bilingual, notify } from './notify.service';
export { notifyCodesAssigned, notifyPlayers } from './registration-notices';
