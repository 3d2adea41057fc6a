// The teams data layer's front door: code outside lib/data imports from here.
export { INVITE_MESSAGES, acceptInvitation, createInvitation, inspectInvitation, listInvitations, revokeInvitation } from "./invitations";
export {
  addTeamMember,
  changeTeamRole,
  createTeam,
  deleteTeam,
  getTeam,
  leaveTeam,
  listMyTeams,
  listTeamSkillsToMove,
  moveTeamSkills,
  removeTeamMember,
  setTeamBoundTools,
  teamCreationFor,
  updateTeam,
} from "./teams";
