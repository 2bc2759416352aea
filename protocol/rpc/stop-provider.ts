// StopProvider: Ctrl-C reached Terraform; running calls are asked to wind down.
import type * as grpc from "@grpc/grpc-js";
import type { Request, Response, RpcContext } from "./context.js";

export function stopProvider({ backend, logger }: RpcContext) {
  return (_call: grpc.ServerUnaryCall<Request, Response>, callback: grpc.sendUnaryData<Response>): void => {
    logger.debug("StopProvider received");
    Promise.resolve()
      .then(() => backend.stop())
      .then(
        () => callback(null, { Error: "" }),
        (error: unknown) => callback(null, { Error: error instanceof Error ? error.message : String(error) }),
      );
  };
}
