// Synchronous Cloud Control errors: the exception names the SDK models and the HTTP status each
// one is modelled with (node_modules/@aws-sdk/client-cloudcontrol/dist-es/schemas/schemas_0.js).

export const EXCEPTION_STATUS: Readonly<Record<string, number>> = {
  AlreadyExistsException: 400,
  GeneralServiceException: 400,
  InvalidRequestException: 400,
  NotStabilizedException: 400,
  NotUpdatableException: 400,
  PrivateTypeException: 400,
  ServiceLimitExceededException: 400,
  InvalidCredentialsException: 401,
  ResourceNotFoundException: 404,
  TypeNotFoundException: 404,
  RequestTokenNotFoundException: 404,
  UnsupportedActionException: 405,
  ClientTokenConflictException: 409,
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
