// The Cloud Control calls the runtime makes, over the real @aws-sdk/client-cloudcontrol client.
// Adds the provider's RoleArn to every call and passes an AbortSignal so StopProvider and the
// operation deadlines can interrupt calls (and their retry sleeps) at once.
import {
  CancelResourceRequestCommand,
  type CloudControlClient,
  CreateResourceCommand,
  DeleteResourceCommand,
  GetResourceCommand,
  GetResourceRequestStatusCommand,
  type HookProgressEvent,
  ListResourcesCommand,
  type ProgressEvent,
  UpdateResourceCommand,
} from "@aws-sdk/client-cloudcontrol";

export interface RequestStatus {
  readonly event: ProgressEvent;
  readonly hooks: readonly HookProgressEvent[];
}

export interface ResourceDescription {
  readonly identifier: string;
  /** The model as JSON text. */
  readonly properties: string;
}

export interface CloudControlApi {
  createResource(
    typeName: string,
    desiredState: string,
    clientToken: string,
    signal?: AbortSignal,
  ): Promise<ProgressEvent | undefined>;
  updateResource(
    typeName: string,
    identifier: string,
    patchDocument: string,
    clientToken: string,
    signal?: AbortSignal,
  ): Promise<ProgressEvent | undefined>;
  deleteResource(
    typeName: string,
    identifier: string,
    clientToken: string,
    signal?: AbortSignal,
  ): Promise<ProgressEvent | undefined>;
  /** Undefined when the response has no description (treated as not found). */
  getResource(
    typeName: string,
    identifier: string,
    signal?: AbortSignal,
  ): Promise<ResourceDescription | undefined>;
  listResources(
    typeName: string,
    nextToken: string | undefined,
    signal?: AbortSignal,
  ): Promise<{ identifiers: string[]; nextToken: string | undefined }>;
  getResourceRequestStatus(requestToken: string, signal?: AbortSignal): Promise<RequestStatus>;
  cancelResourceRequest(requestToken: string, signal?: AbortSignal): Promise<ProgressEvent | undefined>;
}

export function sdkCloudControlApi(client: CloudControlClient, roleArn?: string): CloudControlApi {
  const role = roleArn ? { RoleArn: roleArn } : {};
  const options = (signal: AbortSignal | undefined) => (signal ? { abortSignal: signal } : {});
  return {
    async createResource(typeName, desiredState, clientToken, signal) {
      const out = await client.send(
        new CreateResourceCommand({
          TypeName: typeName,
          DesiredState: desiredState,
          ClientToken: clientToken,
          ...role,
        }),
        options(signal),
      );
      return out.ProgressEvent;
    },
    async updateResource(typeName, identifier, patchDocument, clientToken, signal) {
      const out = await client.send(
        new UpdateResourceCommand({
          TypeName: typeName,
          Identifier: identifier,
          PatchDocument: patchDocument,
          ClientToken: clientToken,
          ...role,
        }),
        options(signal),
      );
      return out.ProgressEvent;
    },
    async deleteResource(typeName, identifier, clientToken, signal) {
      const out = await client.send(
        new DeleteResourceCommand({
          TypeName: typeName,
          Identifier: identifier,
          ClientToken: clientToken,
          ...role,
        }),
        options(signal),
      );
      return out.ProgressEvent;
    },
    async getResource(typeName, identifier, signal) {
      const out = await client.send(
        new GetResourceCommand({ TypeName: typeName, Identifier: identifier, ...role }),
        options(signal),
      );
      const description = out.ResourceDescription;
      if (!description || description.Properties === undefined) return undefined;
      return { identifier: description.Identifier ?? identifier, properties: description.Properties };
    },
    async listResources(typeName, nextToken, signal) {
      const out = await client.send(
        new ListResourcesCommand({
          TypeName: typeName,
          ...(nextToken ? { NextToken: nextToken } : {}),
          ...role,
        }),
        options(signal),
      );
      return {
        identifiers: (out.ResourceDescriptions ?? [])
          .map((d) => d.Identifier)
          .filter((id): id is string => !!id),
        nextToken: out.NextToken,
      };
    },
    async getResourceRequestStatus(requestToken, signal) {
      const out = await client.send(
        new GetResourceRequestStatusCommand({ RequestToken: requestToken }),
        options(signal),
      );
      if (!out.ProgressEvent)
        throw new Error(`GetResourceRequestStatus returned no ProgressEvent for ${requestToken}`);
      return { event: out.ProgressEvent, hooks: out.HooksProgressEvent ?? [] };
    },
    async cancelResourceRequest(requestToken, signal) {
      const out = await client.send(
        new CancelResourceRequestCommand({ RequestToken: requestToken }),
        options(signal),
      );
      return out.ProgressEvent;
    },
  };
}
