// STS over the query protocol, enough for credential checks: GetCallerIdentity answers with the
// emulator's fixed account. Form-encoded POST `Action=GetCallerIdentity&Version=2011-06-15`, XML out.
import type { Reply } from "./reply.js";

export const STS_VERSION = "2011-06-15";
const XML_NAMESPACE = `https://sts.amazonaws.com/doc/${STS_VERSION}/`;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function xmlReply(status: number, body: string, requestId: string): Reply {
  return { status, headers: { "content-type": "text/xml", "x-amzn-requestid": requestId }, body };
}

function errorReply(status: number, code: string, message: string, requestId: string): Reply {
  return xmlReply(
    status,
    `<ErrorResponse xmlns="${XML_NAMESPACE}"><Error><Type>Sender</Type><Code>${escapeXml(code)}</Code>` +
      `<Message>${escapeXml(message)}</Message></Error><RequestId>${requestId}</RequestId></ErrorResponse>`,
    requestId,
  );
}

export function isStsRequest(contentType: string | undefined, body: string): boolean {
  return (contentType ?? "").startsWith("application/x-www-form-urlencoded") || /(^|&)Action=/.test(body);
}

export function handleStsRequest(body: string, accountId: string, requestId: string): Reply {
  const params = new URLSearchParams(body);
  const action = params.get("Action");
  const version = params.get("Version");
  if (action === null) return errorReply(400, "MissingAction", "Missing Action", requestId);
  if (action !== "GetCallerIdentity" || version !== STS_VERSION) {
    return errorReply(
      400,
      "InvalidAction",
      `Could not find operation ${action} for version ${version ?? "NO_VERSION_SPECIFIED"}`,
      requestId,
    );
  }
  const arn = `arn:aws:iam::${accountId}:user/emulator`;
  return xmlReply(
    200,
    `<GetCallerIdentityResponse xmlns="${XML_NAMESPACE}"><GetCallerIdentityResult>` +
      `<Arn>${arn}</Arn><UserId>AIDAEMULATOREMULATOR0</UserId><Account>${accountId}</Account>` +
      `</GetCallerIdentityResult><ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata>` +
      `</GetCallerIdentityResponse>`,
    requestId,
  );
}
