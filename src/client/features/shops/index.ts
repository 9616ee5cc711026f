/* The shop link as other features see it: the admin's settings tab (the store reads the slice and saga from their files). */
export { ShopsPanel } from './ShopsPanel';
