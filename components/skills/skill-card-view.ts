import { formatRelative } from "@/lib/display";
import { focusOnMatch, hasMatch } from "@/lib/skills/list/search";
import type { SkillListItem, TextSegment } from "@/lib/types/skills";

/** Tags a card shows; the rest are counted ("+2"). */
const CARD_TAGS = 4;

/**
 * What a list card shows and nothing more. The cards are one client component, so this is what
 * the page's payload carries per card instead of the card's rendered tree (tens of elements,
 * encoded for the browser and decoded again for the HTML on every view). Everything that depends
 * on the clock or the server's locale is worded here, so the browser's hydration renders the
 * same text the server did.
 */
export interface SkillCardView {
  id: string;
  name: string;
  /** The name with the search's matches marked; null outside a search. */
  nameMatch: TextSegment[] | null;
  description: string;
  /** The description's matches, brought to the front when deep in a long text (the card clamps it). */
  descriptionMatch: TextSegment[] | null;
  /** The SKILL.md excerpt, shown only when the body matched and nothing visible above it did. */
  bodyMatch: TextSegment[] | null;
  scope: SkillListItem["scope"];
  teamName: string | null;
  tags: string[];
  moreTags: number;
  version: number;
  authorName: string;
  updatedAt: string;
  updatedLabel: string;
  /** Loads per day over 30 days; null when there were none (no sparkline). */
  loads30: number[] | null;
  starCount: number;
  catalogTokens: number;
  bodyTokens: number;
  fileCount: number;
  warningCount: number;
  shadowedBy: { reason: string } | null;
  scanHighest: SkillListItem["scanHighest"];
  reviewStatus: SkillListItem["reviewStatus"];
}

export function skillCardView(skill: Omit<SkillListItem, "match"> & { match?: SkillListItem["match"] }, now = new Date()): SkillCardView {
  const match = skill.match ?? null;
  return {
    id: skill.id,
    name: skill.name,
    nameMatch: match?.name.length ? match.name : null,
    description: skill.description,
    descriptionMatch: match?.description.length ? focusOnMatch(match.description) : null,
    bodyMatch: match?.body && !hasMatch(match.name) && !hasMatch(match.description) ? match.body : null,
    scope: skill.scope,
    teamName: skill.team?.name ?? null,
    tags: skill.tags.slice(0, CARD_TAGS),
    moreTags: Math.max(0, skill.tags.length - CARD_TAGS),
    version: skill.version,
    authorName: skill.author ? skill.author.name : "Skillshelf",
    updatedAt: skill.updatedAt.toISOString(),
    updatedLabel: formatRelative(skill.updatedAt, now),
    loads30: skill.loads30?.some(Boolean) ? skill.loads30 : null,
    starCount: skill.starCount,
    catalogTokens: skill.catalogTokens,
    bodyTokens: skill.bodyTokens,
    fileCount: skill.fileCount,
    warningCount: skill.warningCount,
    shadowedBy: skill.shadowedBy ? { reason: skill.shadowedBy.reason } : null,
    scanHighest: skill.scanHighest,
    reviewStatus: skill.reviewStatus,
  };
}
