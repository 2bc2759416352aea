// The realism profile's vocabulary: which service behaviours are on, under which seed. Each name is
// one module in this folder (see emulator/README.md, "Realism profile", for what each models).

export const REALISM_BEHAVIOURS = [
  "defaults",
  "empties",
  "order",
  "json",
  "unreported",
  "awstags",
  "eventual",
  "scalars",
  "transforms",
] as const;
export type RealismBehaviour = (typeof REALISM_BEHAVIOURS)[number];

/** `"all"`, a list of names, or (CLI) a comma-separated list; an empty list is realism off. */
export type RealismChoice = "all" | readonly RealismBehaviour[];

/** How long GetResource keeps answering ResourceNotFoundException after a create, by default. */
export const DEFAULT_EVENTUAL_MS = 1000;

export class RealismSpecError extends Error {}

const KNOWN: ReadonlySet<string> = new Set(REALISM_BEHAVIOURS);

/** The behaviours a choice names, in the canonical order, each once; unknown names are refused. */
export function realismBehaviours(choice: unknown): RealismBehaviour[] {
  if (choice === "all" || choice === true) return [...REALISM_BEHAVIOURS];
  const names =
    typeof choice === "string"
      ? choice
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name !== "")
      : choice;
  if (!Array.isArray(names) || names.some((name) => typeof name !== "string")) {
    throw new RealismSpecError(`realism must be "all" or a list of ${REALISM_BEHAVIOURS.join(", ")}`);
  }
  const unknown = names.filter((name) => !KNOWN.has(name as string));
  if (unknown.length > 0) {
    throw new RealismSpecError(
      `unknown realism behaviour ${unknown.join(", ")} (known: ${REALISM_BEHAVIOURS.join(", ")})`,
    );
  }
  return REALISM_BEHAVIOURS.filter((name) => names.includes(name));
}

/** What the service layer needs to apply the profile. */
export interface RealismSettings {
  readonly behaviours: readonly RealismBehaviour[];
  readonly seed: number;
  readonly eventualMs: number;
}

export const isOn = (settings: RealismSettings, behaviour: RealismBehaviour): boolean =>
  settings.behaviours.includes(behaviour);
