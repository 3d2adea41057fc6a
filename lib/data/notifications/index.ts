export { countUnreadNotifications, getNotificationPrefs, listNotifications, markNotificationsRead, setNotificationPrefs } from "./read";
export { createTeamWebhook, deleteTeamWebhook, listTeamWebhooks } from "./webhooks";
export { dispatchNotifications } from "./dispatch";
