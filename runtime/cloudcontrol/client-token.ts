// Idempotency tokens for mutating calls: unique per call, and the SDK sends the same token on every
// transport retry of that call, so a retried CreateResource never creates a second object.
import { randomUUID } from "node:crypto";

export const newClientToken = (): string => `terraform-${randomUUID()}`;
