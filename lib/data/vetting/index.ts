// The vetting data layer's front door: code outside lib/data imports from here.
export { listOpenScanReports, reportFalsePositive, resolveScanReport } from "./scan-reports";
export { countStaleVersions, listVersionsAwaitingReview, markVersionReviewed, rescanAsAdmin, rescanStoredVersions } from "./vetting";
