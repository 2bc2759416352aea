// The resource requests this provider is waiting on, so that a cancellation (StopProvider) can
// say which remote operations were still running when it gave up on them.

export interface InFlightRequest {
  readonly requestToken: string;
  readonly operation: "CREATE" | "UPDATE" | "DELETE";
  readonly typeName: string;
  /** Known identifier, if any. */
  identifier?: string;
}

export class InFlightRequests {
  private readonly requests = new Map<string, InFlightRequest>();

  add(request: InFlightRequest): void {
    this.requests.set(request.requestToken, request);
  }

  remove(requestToken: string): void {
    this.requests.delete(requestToken);
  }

  list(): InFlightRequest[] {
    return [...this.requests.values()];
  }
}

export const describeInFlight = (request: InFlightRequest): string =>
  `${request.operation} ${request.typeName}${request.identifier ? ` ${request.identifier}` : ""} (RequestToken ${request.requestToken})`;
