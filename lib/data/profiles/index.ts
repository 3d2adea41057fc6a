// The profiles data layer's front door: code outside lib/data imports from here.
export { createProfile, deleteProfile, getProfile, listProfiles, updateProfile } from "./profiles";
