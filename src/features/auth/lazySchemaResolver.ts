/**
 * A react-hook-form resolver for one of the domain's yup schemas that downloads yup only when a
 * form first validates (and, in the background, soon after the form appears). The sign-in
 * screens are the first download, and yup is a sizeable part of it that nobody needs to see
 * the form.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';

export type SchemaLoader = () => Promise<AnyObjectSchema>;

export interface LazySchemaResolver<Values extends FieldValues> {
  resolver: Resolver<Values>;
  /** Starts the download ahead of the first validation. */
  preload: () => void;
}

export function lazySchemaResolver<Values extends FieldValues>(loadSchema: SchemaLoader): LazySchemaResolver<Values> {
  let loaded: Promise<Resolver<Values>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('@hookform/resolvers/yup'), loadSchema()]).then(
      // The schema is the one Values is inferred from, which yupResolver's types cannot see here.
      ([{ yupResolver }, schema]) => yupResolver(schema) as unknown as Resolver<Values>,
    ));
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => {
      load().catch(() => {
        // Retried at the first validation, which reports a failure the usual way.
        loaded = undefined;
      });
    },
  };
}
