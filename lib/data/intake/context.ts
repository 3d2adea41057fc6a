import "server-only";
import type { BundleSkill } from "@/lib/skills/archive/bundle";
import type { Actor } from "@/lib/skills/permissions/permissions";
import type { ScanResult } from "@/lib/skills/scan/types";
import { db } from "@/lib/db/server";
import { loadActor, type ViewerRef } from "../core/actor";

/**
 * One request's intake. The actor is read once, when the request starts, and every stage and
 * write takes it from here (a commit of N skills read the user and memberships 3 + 2N times when
 * each stage read them). `scans` holds the security scan of every skill the request scanned, so
 * no stage scans one a second time (a dry run's preview and plan used to scan each skill twice).
 */
export interface Intake {
  actor: Actor;
  scans: WeakMap<BundleSkill, ScanResult>;
}

/** Whoever asks: a viewer (the actor is read now), or a request's intake already under way. */
export type Requester = ViewerRef | Intake;

export function intakeFor(actor: Actor): Intake {
  return { actor, scans: new WeakMap() };
}

export async function openIntake(who: Requester): Promise<Intake> {
  return "scans" in who ? who : intakeFor(await loadActor(db, who));
}
