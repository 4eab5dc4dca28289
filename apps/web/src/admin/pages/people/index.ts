// The people screens as one lazily loaded chunk: one entry in the first load's preload map instead of three.
export { default as ConsultPage } from './ConsultPage';
export { default as BroadcastPage } from './BroadcastPage';
export { default as ChannelsPage } from './ChannelsPage';
