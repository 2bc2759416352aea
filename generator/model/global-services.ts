// Services whose resources are global: their identity carries no region (docs/mapping.md#the-resource-its-identity-and-its-data-sources).
const GLOBAL_SERVICES: ReadonlySet<string> = new Set([
  "bcmdataexports",
  "billing",
  "billingconductor",
  "budgets",
  "ce",
  "cloudfront",
  "cur",
  "globalaccelerator",
  "iam",
  "networkmanager",
  "notifications",
  "notificationscontacts",
  "organizations",
  "rolesanywhere",
  "route53",
  "route53recoverycontrol",
  "route53recoveryreadiness",
  "shield",
]);

/** `serviceDir` is the lower-cased service part of the type name, e.g. `iam`. */
export const isGlobalService = (serviceDir: string): boolean => GLOBAL_SERVICES.has(serviceDir);
