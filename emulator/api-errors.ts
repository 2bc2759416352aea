// Synchronous Cloud Control errors: the exception names the SDK models and the HTTP status the
// service answers each with. That is the status the SDK models
// (node_modules/@aws-sdk/client-cloudcontrol/dist-es/schemas/schemas_0.js) except where recorded
// answers of the real API differ: the service answers its not-found and client-token errors with
// 400, not the 404/409 of the model. Clients key on the error name (`__type`), never the status.

export const EXCEPTION_STATUS: Readonly<Record<string, number>> = {
  AlreadyExistsException: 400,
  GeneralServiceException: 400,
  InvalidRequestException: 400,
  NotStabilizedException: 400,
  NotUpdatableException: 400,
  PrivateTypeException: 400,
  ServiceLimitExceededException: 400,
  // The model says 404 / 409 for these four; the real API answers 400.
  ResourceNotFoundException: 400,
  TypeNotFoundException: 400,
  RequestTokenNotFoundException: 400,
  ClientTokenConflictException: 400,
  InvalidCredentialsException: 401,
  UnsupportedActionException: 405,
  ConcurrentOperationException: 409,
  ResourceConflictException: 409,
  // The SDK models ThrottlingException with 429; its retry classifier also keys on the name.
  ThrottlingException: 429,
  ConcurrentModificationException: 500,
  HandlerFailureException: 502,
  HandlerInternalFailureException: 502,
  NetworkFailureException: 502,
  ServiceInternalErrorException: 502,
  // Unmodelled errors of the awsJson1_0 front end.
  ValidationException: 400,
  SerializationException: 400,
  UnknownOperationException: 400,
};

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status?: number) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status ?? EXCEPTION_STATUS[code] ?? 400;
  }
}

export function isKnownException(code: string): boolean {
  return code in EXCEPTION_STATUS;
}

/** The awsJson1_0 error body; the SDK reads the code from `__type` and the text from `Message`. */
export function errorBody(error: ApiError): { __type: string; Message: string } {
  return { __type: error.code, Message: error.message };
}
