// The admin data layer's front door: code outside lib/data imports from here.
export { exportAuditEvents, listAuditActions, listAuditEvents } from "./audit";
export { listEnvironmentSettings, readInstanceSettings, writeInstanceSetting } from "./settings";
export { disableUser, enableUser, listUsers, setUserRole, type UserStatusFilter } from "./users";
