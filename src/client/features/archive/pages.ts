import { API, type ArchiveLineDto, type LineArchiveDto } from '../../../shared/api';
import { ARCHIVE_PAGE_MAX } from '../../../shared/schemas/archive';
import { http } from '../../api/http';
import { pageQuery } from './query';

/** A page as the store takes it: an answer without lines holds none, and nothing after it. */
export async function pageOf(query: string, after: string | null, limit?: number): Promise<LineArchiveDto> {
  const answer: Partial<LineArchiveDto> | null = await http.get(`${API.lineArchive}?${pageQuery(query, after, limit)}`);
  return { orders: answer?.orders ?? [], has_more: answer?.has_more === true, next: answer?.next ?? null };
}

/**
 * Reads a query's lines page after page, the largest pages the server gives: each call answers the
 * next page's lines, null after the last. The page after the one answered is asked for at once,
 * so the server reads it while the caller works on this one; no more than that is read ahead.
 */
export function archivePages(query: string): () => Promise<ArchiveLineDto[] | null> {
  let ahead: Promise<LineArchiveDto> | null = null;
  let done = false;
  const read = (after: string | null) => {
    const page = pageOf(query, after, ARCHIVE_PAGE_MAX);
    // A page read ahead for a reader that stopped fails unheard.
    page.catch(() => undefined);
    return page;
  };
  return async () => {
    if (done) return null;
    const page = await (ahead ?? read(null));
    ahead = page.has_more && page.next ? read(page.next) : null;
    done = ahead === null;
    return page.orders;
  };
}
