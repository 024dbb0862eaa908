import { z } from 'zod';
import {
  CATALOG_STATUS,
  CONTENT_VERSION_SOURCES,
  OUTLINE_VERSION_SOURCES,
  type CatalogNode,
  type CatalogVersionNode,
} from './catalog.ts';
import { EXPORT_JOB_STATUS } from './export.ts';

/**
 * Response schemas for the answers whose types are written as interfaces (catalog, export, small
 * acknowledgements). Every route declares its 200 answer (a contract test walks the route table);
 * they are what /api/docs publishes. The serializer drops fields a schema does not name: a module
 * that adds a field to an answer adds it here too (the API tests show the field missing otherwise).
 */

/** A call that answers nothing (`data: null`). */
export const nullSchema = z.null();
/** A call that answers the id of what it created. */
export const createdIdSchema = z.object({ id: z.string() });

const catalogSettingsOut = z.object({
  targetWords: z.number().nullish(),
  requirement: z.string().nullish(),
  include: z.array(z.string()).nullish(),
  noText: z.boolean().nullish(),
});

const catalogNodeFields = {
  id: z.string(),
  bidId: z.string(),
  parentId: z.string().nullable(),
  title: z.string(),
  level: z.number(),
  status: z.enum(CATALOG_STATUS),
  progress: z.number(),
  wordCount: z.number(),
  targetWords: z.number().nullable(),
  hasContent: z.boolean(),
  ownWords: z.number(),
  wordsNeeded: z.number(),
  written: z.boolean(),
  version: z.number(),
  settings: catalogSettingsOut,
  scoringItems: z.array(z.unknown()).nullable(),
  engine: z.string().nullable(),
  updateTime: z.string(),
};

export const catalogNodeSchema: z.ZodType<CatalogNode> = z.object({
  ...catalogNodeFields,
  sort: z.number(),
  get children() {
    return z.array(catalogNodeSchema);
  },
});
export const catalogTreeSchema = z.array(catalogNodeSchema);

/** A ProseMirror document as JSON. */
const docOut = z.record(z.string(), z.unknown());

export const catalogDetailSchema = z.object({
  ...catalogNodeFields,
  content: docOut,
  bidStatus: z.enum(['writing', 'finished']),
  readOnly: z.boolean(),
  /** The knowledge passages the last AI write of this chapter used. */
  sources: z.array(z.record(z.string(), z.unknown())).optional(),
});

export const catalogStatusListSchema = z.array(
  z.object({ id: z.string(), status: z.enum(CATALOG_STATUS), progress: z.number() }),
);
export const catalogSettingsResultSchema = catalogSettingsOut;

export const updateContentResultSchema = z.object({
  version: z.number(),
  wordCount: z.number(),
  status: z.enum(CATALOG_STATUS),
  bidProgress: z.number(),
});

export const contentVersionItemSchema = z.object({
  id: z.string(),
  catalogId: z.string(),
  versionNo: z.number(),
  name: z.string(),
  source: z.enum(CONTENT_VERSION_SOURCES),
  engine: z.string().nullable(),
  wordCount: z.number(),
  createTime: z.string(),
});
export const contentVersionDetailSchema = contentVersionItemSchema.extend({ content: docOut });
export const savedContentVersionSchema = z.object({ id: z.string(), versionNo: z.number() });
export const restoredContentSchema = z.object({
  version: z.number(),
  content: docOut,
  wordCount: z.number(),
  bidProgress: z.number(),
});

export const catalogVersionItemSchema = z.object({
  id: z.string(),
  bidId: z.string(),
  name: z.string(),
  source: z.enum(OUTLINE_VERSION_SOURCES),
  chapterCount: z.number(),
  createTime: z.string(),
});
const catalogVersionNodeSchema: z.ZodType<CatalogVersionNode> = z.object({
  id: z.string(),
  title: z.string(),
  level: z.number(),
  targetWords: z.number().nullable(),
  wordCount: z.number(),
  hasContent: z.boolean(),
  get children() {
    return z.array(catalogVersionNodeSchema);
  },
});
export const catalogVersionDetailSchema = catalogVersionItemSchema.extend({
  catalogs: z.array(catalogVersionNodeSchema),
});
export const restoredOutlineSchema = z.object({
  backupVersionId: z.string().nullable(),
  catalogs: catalogTreeSchema,
});

export const exportJobStartedSchema = z.object({ jobId: z.string() });
export const exportJobProgressSchema = z.object({
  jobId: z.string(),
  status: z.enum(EXPORT_JOB_STATUS),
  progress: z.number(),
  stage: z.string(),
  message: z.string().nullable(),
  fileName: z.string(),
  size: z.number().nullable(),
});
export const exportTemplateListSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    sort: z.number(),
    isDefault: z.boolean(),
    definition: z.record(z.string(), z.unknown()),
  }),
);

/**
 * A route that answers bytes (a .docx, a picture) or an event stream instead of the JSON envelope.
 * Fastify sends buffers and streams as they are, so this only documents the answer.
 */
export const binaryResponseSchema = z.string().meta({ description: '文件内容（二进制）', format: 'binary' });
export const eventStreamSchema = z.string().meta({ description: 'text/event-stream 事件流' });

export const cancelWritingResultSchema = z.object({ jobId: z.string().nullable(), cancelled: z.boolean() });
