/**
 * The profile's feature UI shared by the onboarding wizard and people's settings: the birth-details form with
 * the chart's result cards, and the photo crop dialog. Not a shared singleton: each remote that imports it
 * bundles its own copy, so the shell (and the first page) never loads it.
 */
import { lazy } from 'react';
export {
  BirthMomentFields,
  BirthPlaceField,
  ChartCalculating,
  ChartResultCards,
  type BirthFieldsValue,
  type BirthFieldsOptions,
  type ChartCardsData,
} from './birth/BirthDetails.tsx';
export { usePhotoPick } from './photo/use-photo-pick.ts';
export type { CropDialogProps } from './photo/CropDialog.tsx';
// A lazy chunk of its own: the canvas and pointer code loads only when a member picks a photo (wrap it in
// <Suspense>).
export const CropDialog = lazy(() => import('./photo/CropDialog.tsx'));
