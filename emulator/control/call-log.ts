// A bounded record of the Cloud Control calls the emulator answered, for tests that want to see
// what a client sent (e.g. the PatchDocument) or how often it retried.

export interface CallRecord {
  /** When the answer was ready (emulator clock). */
  at: number;
  /** When the request arrived, before any injected latency: [receivedAt, at] is the call's span. */
  receivedAt?: number;
  operation: string;
  typeName?: string;
  /** The request members as received (DesiredState and PatchDocument included). */
  input: Record<string, unknown>;
  status: number;
  /** Exception name of an error answer. */
  errorCode?: string;
}

export class CallLog {
  private records: CallRecord[] = [];

  constructor(private readonly limit = 2000) {}

  add(record: CallRecord): void {
    this.records.push(record);
    if (this.records.length > this.limit) this.records.splice(0, this.records.length - this.limit);
  }

  list(filter: { operation?: string; typeName?: string } = {}): CallRecord[] {
    return this.records
      .filter((record) => filter.operation === undefined || record.operation === filter.operation)
      .filter((record) => filter.typeName === undefined || record.typeName === filter.typeName)
      .map((record) => structuredClone(record));
  }

  clear(): void {
    this.records = [];
  }
}
