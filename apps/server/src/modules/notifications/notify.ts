// notify() and its kinds live in lib/notifications/ because every module that has an event calls
// them, and a module never imports another module (eslint). Import from there; this names the API.
export { notify, wantsEmail, type NotifyInput } from '../../lib/notifications/notify';
export type { NotificationData } from '../../lib/notifications/kinds';
