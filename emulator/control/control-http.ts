// The JSON control API under /_emulator/ on the emulator's own port (see emulator/README.md).
import { jsonReply, type Reply } from "../server/reply.js";
import { ControlError, type DriftChange, type EmulatorControl } from "./control.js";

export const CONTROL_PREFIX = "/_emulator";

function parseBody(body: string): unknown {
  if (body.trim() === "") return {};
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new ControlError(400, `body is not JSON: ${(error as Error).message}`);
  }
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ControlError(400, "body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

function optionalParam(search: URLSearchParams, name: string): string | undefined {
  return search.get(name) ?? undefined;
}

function resourceRoute(
  control: EmulatorControl,
  method: string,
  typeName: string,
  identifier: string,
  body: string,
): Reply {
  switch (method) {
    case "GET": {
      const resource = control.getResource(typeName, identifier);
      if (!resource) throw new ControlError(404, `no stored ${typeName} with identifier ${identifier}`);
      return jsonReply(200, resource);
    }
    case "PUT": {
      const input = asObject(parseBody(body));
      return jsonReply(200, control.putResource(typeName, identifier, input.properties as never));
    }
    case "PATCH": {
      const input = asObject(parseBody(body));
      if (!("patch" in input) && !("properties" in input)) {
        throw new ControlError(400, `drift needs {"patch": [...]} or {"properties": {...}}`);
      }
      return jsonReply(200, control.driftUpdate(typeName, identifier, input as DriftChange));
    }
    case "DELETE":
      if (!control.driftDelete(typeName, identifier)) {
        throw new ControlError(404, `no stored ${typeName} with identifier ${identifier}`);
      }
      return jsonReply(200, { deleted: true });
    default:
      throw new ControlError(405, `${method} is not supported here`);
  }
}

function faultsRoute(control: EmulatorControl, method: string, id: string | undefined, body: string): Reply {
  if (id !== undefined) {
    if (method !== "DELETE") throw new ControlError(405, `${method} is not supported here`);
    if (!control.removeFault(id)) throw new ControlError(404, `no fault ${id}`);
    return jsonReply(200, { removed: id });
  }
  switch (method) {
    case "GET":
      return jsonReply(200, { faults: control.listFaults() });
    case "POST": {
      const input = parseBody(body);
      const specs = Array.isArray(input)
        ? input
        : Array.isArray(asObject(input).faults)
          ? (asObject(input).faults as unknown[])
          : [input];
      return jsonReply(200, { faults: specs.map((spec) => control.addFault(spec)) });
    }
    case "DELETE":
      control.clearFaults();
      return jsonReply(200, { cleared: true });
    default:
      throw new ControlError(405, `${method} is not supported here`);
  }
}

function route(
  control: EmulatorControl,
  method: string,
  segments: string[],
  search: URLSearchParams,
  body: string,
): Reply {
  const [area, first, second, ...rest] = segments;
  if (rest.length > 0) throw new ControlError(404, "unknown control path");
  switch (area) {
    case "health":
      return jsonReply(200, { ok: true });
    case "resources":
      if (first === undefined) {
        if (method !== "GET") throw new ControlError(405, `${method} is not supported here`);
        return jsonReply(200, { resources: control.listResources(optionalParam(search, "typeName")) });
      }
      if (second === undefined)
        throw new ControlError(404, "use /_emulator/resources/<typeName>/<identifier>");
      return resourceRoute(control, method, first, second, body);
    case "requests":
      if (method !== "GET") throw new ControlError(405, `${method} is not supported here`);
      if (first === undefined) return jsonReply(200, { requests: control.listRequests() });
      {
        const request = control.getRequest(first);
        if (!request) throw new ControlError(404, `no request ${first}`);
        return jsonReply(200, request);
      }
    case "faults":
      return faultsRoute(control, method, first, body);
    case "validate": {
      if (method !== "POST") throw new ControlError(405, `${method} is not supported here`);
      if (first === undefined || second !== undefined)
        throw new ControlError(404, "use /_emulator/validate/<typeName>");
      const input = asObject(parseBody(body));
      return jsonReply(200, { violations: control.validateModel(first, input.properties as never) });
    }
    case "config":
      if (method === "GET") return jsonReply(200, control.getConfig());
      if (method === "PATCH" || method === "PUT")
        return jsonReply(200, control.setConfig(asObject(parseBody(body))));
      throw new ControlError(405, `${method} is not supported here`);
    case "calls":
      if (method === "GET") {
        const filter = {
          operation: optionalParam(search, "operation"),
          typeName: optionalParam(search, "typeName"),
        };
        return jsonReply(200, { calls: control.calls(filter) });
      }
      if (method === "DELETE") {
        control.clearCalls();
        return jsonReply(200, { cleared: true });
      }
      throw new ControlError(405, `${method} is not supported here`);
    case "reset":
      if (method !== "POST") throw new ControlError(405, `${method} is not supported here`);
      control.reset();
      return jsonReply(200, { reset: true });
    default:
      throw new ControlError(404, "unknown control path");
  }
}

/** Answers a request whose path starts with /_emulator/. Path segments are URL-decoded. */
export function handleControlRequest(
  control: EmulatorControl,
  method: string,
  url: URL,
  body: string,
): Reply {
  const segments = url.pathname
    .slice(CONTROL_PREFIX.length)
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => decodeURIComponent(segment));
  try {
    return route(control, method, segments, url.searchParams, body);
  } catch (error) {
    if (error instanceof ControlError) return jsonReply(error.status, { error: error.message });
    throw error;
  }
}
