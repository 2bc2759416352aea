// Transport retries for Cloud Control calls: throttling and transient errors are retried up to
// `maxAttempts` attempts per call with capped exponential backoff and full jitter. Unlike the SDK's
// standard strategy there is no retry quota shared by all calls of a client, so one resource that
// is throttled hard cannot use up the retries of the others.
import type { RetryErrorInfo, RetryStrategyV2, RetryToken } from "@smithy/types";

export interface RetryPolicy {
  /** Total attempts per call (awscc: max_retries, default 25). */
  readonly maxAttempts: number;
  /** Delay before retry number `attempt` (1-based), in ms. */
  readonly backoffMs: (attempt: number) => number;
}

/** awscc/aws-sdk-go-base: random × 2^attempt seconds, capped at 20 s. */
export const defaultBackoffMs = (attempt: number): number =>
  Math.random() * Math.min(20_000, 1000 * 2 ** attempt);

class AttemptToken implements RetryToken {
  constructor(
    private readonly retries: number,
    private readonly delay: number,
  ) {}
  getRetryCount(): number {
    return this.retries;
  }
  getRetryDelay(): number {
    return this.delay;
  }
}

export class BoundedRetryStrategy implements RetryStrategyV2 {
  readonly mode = "standard";
  constructor(private readonly policy: RetryPolicy) {}

  async acquireInitialRetryToken(): Promise<RetryToken> {
    return new AttemptToken(0, 0);
  }

  async refreshRetryTokenForRetry(token: RetryToken, errorInfo: RetryErrorInfo): Promise<RetryToken> {
    const retryable = errorInfo.errorType === "THROTTLING" || errorInfo.errorType === "TRANSIENT";
    const attempts = token.getRetryCount() + 1;
    if (!retryable || attempts >= this.policy.maxAttempts) throw new Error("no more attempts for this call");
    return new AttemptToken(attempts, Math.max(0, this.policy.backoffMs(attempts)));
  }

  recordSuccess(): void {}
}
