import type { z } from 'zod';
import type { SiteError } from '../errors.ts';
import type { RawContent, RawJson } from '../load/load-content.ts';
import { recordDataOrigins, type OriginIndex } from '../render/link-origins.ts';
import { dataSchemas, topicSchemas, topicsOf, type DataName, type SiteData } from '../site-model/schemas.ts';
import { locateJsonField } from './locate-field.ts';
import { issueLocation, issueToError } from './schema-issues.ts';

/** The valid datasets, and the guide topics the guides dataset declares (undefined when it is invalid). */
export interface ValidDatasets {
  data: SiteData;
  topics: string[] | undefined;
}

/**
 * Checks every JSON dataset against its schema, the guides dataset first: the topics it
 * declares are the ones the blog dataset may name. Problems go to `errors` at their JSON line.
 */
export function validateDatasets(raw: RawContent, origins: OriginIndex, errors: SiteError[]): ValidDatasets {
  const data = {} as Record<DataName, unknown>;
  const guides = raw.data.get('guides');
  // Its problems are reported in dataset order all the same.
  const guideErrors: SiteError[] = [];
  const validGuides = guides && validateDataset(guides, dataSchemas.guides, origins, guideErrors);
  const topics = validGuides ? topicsOf(validGuides) : undefined;
  const schemas = { ...dataSchemas, blog: topicSchemas(topics).blog };
  for (const [name, dataset] of raw.data) {
    if (name === 'guides') errors.push(...guideErrors);
    data[name] = name === 'guides' ? validGuides : validateDataset(dataset, schemas[name], origins, errors);
  }
  return { data: data as SiteData, topics };
}

function validateDataset<S extends z.ZodType>(dataset: RawJson, schema: S, origins: OriginIndex, errors: SiteError[]): z.infer<S> | undefined {
  const result = schema.safeParse(dataset.value, { reportInput: true });
  if (result.success) {
    recordDataOrigins(dataset, result.data, origins);
    return result.data;
  }
  errors.push(...result.error.issues.map((issue) => issueToError(issue, dataset.file, locateJsonField(dataset.source, issueLocation(issue)))));
  return undefined;
}
