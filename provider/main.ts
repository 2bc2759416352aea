// terraform-provider-awscc: the composition root. Schemas come precomputed, definitions load on
// demand from the generated index, and the Cloud Control runtime does the work.
import * as generatedIndex from "../generated/index.js";
import { serve } from "../protocol/main.js";
import { createCloudControlBackend } from "../runtime/provider/cloudcontrol-backend.js";
import { readAssetBytes, readAssetText } from "./assets.js";
import { generatedProviderDescription } from "./description.js";
import { embeddedValidators } from "./precompiled-validators.js";
import { providerSchemaSource } from "./schema-source.js";
import { describeSelectedTypes, ONLY_TYPES_VARIABLE } from "./type-selection.js";

const everyType = generatedProviderDescription(generatedIndex, {
  json: () => readAssetText("provider-schema.json"),
  encoded: () => readAssetBytes("provider-schema.pb"),
  identityCatalog: () => readAssetText("identity-catalog.json"),
});
const onlyTypes = process.env[ONLY_TYPES_VARIABLE];
const description = onlyTypes?.trim() ? describeSelectedTypes(everyType, onlyTypes) : everyType;

void serve(
  ({ logger }) =>
    createCloudControlBackend({
      logger,
      schemaSource: providerSchemaSource(),
      precompiledValidators: embeddedValidators,
    }),
  description,
);
