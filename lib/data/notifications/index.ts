export { countUnreadNotifications, getNotificationPrefs, listNotifications, markNotificationsRead, setNotificationPrefs, type NotificationItem } from "./read";
export { createTeamWebhook, deleteTeamWebhook, listTeamWebhooks, type TeamWebhookSummary } from "./webhooks";
export { dispatchNotifications } from "./dispatch";
export { setSkillOwnersResolver, skillOwnerIds, type SkillOwnersResolver } from "./owners";
