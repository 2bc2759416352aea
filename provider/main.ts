// terraform-provider-awscc: the composition root. Schemas come precomputed, definitions load on
// demand from the generated index, and the Cloud Control runtime does the work.
import { serve } from "../protocol/main.js";
import { useEmbeddedProtocolDescriptor } from "../protocol/proto-definitions.js";
import { createCloudControlBackend } from "../runtime/provider/cloudcontrol-backend.js";
import * as generatedIndex from "../generated/index.js";
import { readAsset } from "./assets.js";
import { generatedProviderDescription } from "./description.js";

const descriptor = readAsset("tfplugin6.json");
if (descriptor !== undefined) useEmbeddedProtocolDescriptor(JSON.parse(descriptor) as object);

const description = generatedProviderDescription(generatedIndex, () => readAsset("provider-schema.json")!);

void serve(({ logger }) => createCloudControlBackend({ logger }), description);
