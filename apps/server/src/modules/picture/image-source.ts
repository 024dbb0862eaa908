import type { ImageResult, ImageSourceName } from '@bid/shared';
import type { Actor } from '../../policy/actor.ts';

/**
 * Where aiSearchImages looks for pictures. The picture library implements it; the knowledge base
 * (images inside its documents) and a licensed web image provider can implement it later and be
 * added to `imageSources` in the composition root (services.ts) — the search merges every source's results by score.
 */
export interface ImageSource {
  name: ImageSourceName;
  search(owner: Actor, keywords: string[], limit: number): Promise<ImageResult[]>;
}
