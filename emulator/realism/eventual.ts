// `eventual`: right after a create completes, reads of the new object do not find it yet. Cloud
// Control's read goes to the service's own describe call, which for many services is eventually
// consistent (EC2 documents it; IAM, Route 53 and others behave so), so GetResource answers
// ResourceNotFoundException for a short while.

/** Is an object created at `createdAt` still invisible to GetResource at `now`? */
export function stillInvisible(createdAt: number, now: number, eventualMs: number): boolean {
  return now >= createdAt && now - createdAt < eventualMs;
}
