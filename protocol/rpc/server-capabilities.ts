/** What we tell Terraform about ourselves (docs/protocol.md#common-messages). */
export const SERVER_CAPABILITIES = {
  // Destroy plans come to us; the server answers them (null plan, private passed through).
  plan_destroy: true,
  // Schemas never change within a build: later processes may skip GetProviderSchema.
  get_provider_schema_optional: true,
  move_resource_state: false,
  generate_resource_config: false,
} as const;
