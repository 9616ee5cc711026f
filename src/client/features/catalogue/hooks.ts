import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { NoticeLike } from '../../components/NoticeView';
import { productsRequested, selectAllProducts, selectCatalogue } from './slice';

/** A failed load in the screen's own words, unless the server said why. */
const inOwnWords = (notice: NoticeLike | null, fallbackKey: string): NoticeLike | null => (notice && !notice.text ? { ...notice, key: fallbackKey } : notice);

/** Every product (loaded once for all screens), with the state of that load; `fallbackKey` names a failure the server did not explain. */
export function useProducts(fallbackKey: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(productsRequested());
  }, [dispatch]);
  const products = useAppSelector(selectAllProducts);
  const status = useAppSelector((state) => selectCatalogue(state).status);
  const notice = useAppSelector((state) => selectCatalogue(state).notice);
  return { products, status, notice: inOwnWords(notice, fallbackKey) };
}
