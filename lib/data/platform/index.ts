// The platform data layer's front door: code outside lib/data imports from here.
export { checkHealth, checkReadiness } from "./health";
