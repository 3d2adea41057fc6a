// The distribution data layer's front door: code outside lib/data imports from here.
export {
  clawhubWhoami,
  getClawhubSkill,
  getClawhubVersion,
  listClawhubSkills,
  listClawhubVersions,
  matchClawhubVersion,
  searchClawhubSkills,
  type ClawhubSkill,
  type ClawhubVersion,
  type ClawhubVersionDetail,
} from "./clawhub";
export { issueUploadTicket, publishClawhubSkill, stageUpload } from "./clawhub-publish";
export { findDeliveredSkill, listDeliveredSkills, type DeliveredFile, type DeliveredSkill, type DeliveryOptions } from "./discovery";
export { checkFeedSecret, createFeed, listFeeds, recordFeedDownload, revokeFeed } from "./feeds";
export { findServedSkill, listServedSkills, noteServedOffer, readServedFile } from "./mcp-skills";
