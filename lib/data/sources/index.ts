// The sources data layer's front door: code outside lib/data imports from here.
export { webhookPath } from "./rows";
export {
  WEBHOOK_REFUSED,
  createSource,
  deleteSource,
  detachSkill,
  getSkillSource,
  getSource,
  listSources,
  receiveWebhook,
  rotateWebhookSecret,
  startSync,
  updateSource,
  type PushFacts,
  type WebhookDelivery,
} from "./sources";
