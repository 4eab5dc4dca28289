// The public entry of modules/channels (issue 25): Channel partners and their rebates.
// Other modules and the composition root import only what is exported here.
export { channelRoutes } from './channels.routes';
export { accrueRebates, voidRebates } from './channels.service';
