// Pairs the nested objects of an attribute's planned value with their configured and prior
// counterparts: by position in lists, by key in maps, by correlation in sets (set elements
// have no address). Every planning step walks nested attributes the same way.
import type { AttributeType, Attributes } from "../../terraform/schema/types.js";
import type { PathStep } from "../../terraform/values/path.js";
import { isRecord, mapItems, type TfRecord, type TfValue } from "../../terraform/values/value.js";
import { partnersOf } from "../state/correlate.js";
import { emptyRecord } from "../../terraform/values/plain-record.js";

export interface NestedVisit {
  readonly attributes: Attributes;
  readonly planned: TfRecord;
  readonly config: TfRecord | null;
  readonly prior: TfRecord | null;
  /** Address of the nested object; inside a set it stays the set's address. */
  readonly path: readonly PathStep[];
  /** The object is a set element (or inside one): its members have no address of their own. */
  readonly inSet: boolean;
}

const asRecord = (v: TfValue | undefined): TfRecord | null => (isRecord(v) ? v : null);

/**
 * Calls `visit` for every known nested object of `planned` and replaces it with the result.
 * Returns `planned` itself when no element changed.
 */
export function mapNested(
  type: AttributeType,
  planned: TfValue,
  config: TfValue | undefined,
  prior: TfValue | undefined,
  path: readonly PathStep[],
  visit: (v: NestedVisit) => TfRecord,
): TfValue {
  if (planned === null || !("attributes" in type)) return planned;
  const attributes = type.attributes;
  switch (type.kind) {
    case "object":
      if (!isRecord(planned)) return planned;
      return visit({
        attributes,
        planned,
        config: asRecord(config),
        prior: asRecord(prior),
        path,
        inSet: false,
      });
    case "listNested": {
      if (!Array.isArray(planned)) return planned;
      const configItems = Array.isArray(config) ? (config as readonly TfValue[]) : [];
      const priorItems = Array.isArray(prior) ? (prior as readonly TfValue[]) : [];
      return mapItems(planned as readonly TfValue[], (item, i) =>
        isRecord(item)
          ? visit({
              attributes,
              planned: item,
              config: asRecord(configItems[i]),
              prior: asRecord(priorItems[i]),
              path: [...path, { index: i }],
              inSet: false,
            })
          : item,
      );
    }
    case "setNested": {
      if (!Array.isArray(planned)) return planned;
      const items = planned as readonly TfValue[];
      const configPartners = partnersOf(attributes, items, config);
      const priorPartners = partnersOf(attributes, items, prior);
      return mapItems(items, (item, i) =>
        isRecord(item)
          ? visit({
              attributes,
              planned: item,
              config: asRecord(configPartners[i]),
              prior: asRecord(priorPartners[i]),
              path,
              inSet: true,
            })
          : item,
      );
    }
    case "mapNested": {
      if (!isRecord(planned)) return planned;
      const configMap = asRecord(config);
      const priorMap = asRecord(prior);
      let changed = false;
      const entries = Object.keys(planned).map((key): [string, TfValue] => {
        const item = planned[key] ?? null;
        if (!isRecord(item)) return [key, item];
        const next = visit({
          attributes,
          planned: item,
          config: asRecord(configMap?.[key]),
          prior: asRecord(priorMap?.[key]),
          path: [...path, { key }],
          inSet: false,
        });
        if (next !== item) changed = true;
        return [key, next];
      });
      if (!changed) return planned;
      const out = emptyRecord<TfValue>();
      for (const [key, value] of entries) out[key] = value;
      return out;
    }
  }
}
