/**
 * The profile's feature UI shared by the onboarding wizard and people's settings: the birth-details form with
 * the chart's result cards, the photo crop dialog and the photo upload (checks, texts, retries), and the lists
 * the forms pick from (languages, practices, cities); each remote calls these from its src/api/. Not a shared
 * singleton: each remote that imports it bundles its own copy, so the shell (and the first page) never loads it.
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
export {
  BIRTH_LOCATION_MIN_CHARS,
  SEARCH_DEBOUNCE_MS,
  YEAR_COUNT,
  EARLIEST_BIRTH_DATE,
  NO_LOCATIONS_TEXT,
  LOCATION_SEARCH_FAILED_TEXT,
  MONTH_NAMES,
  EMPTY_BIRTH_FORM,
  birthYears,
  daysInMonth,
  selectableMonths,
  selectableDays,
  isoDate,
  birthDateError,
  hourLabel,
  timeLabel,
  hhmm,
  birthFormFrom,
  birthFormView,
  birthPlaceTerm,
  bornLine,
  calculationNotice,
  calculationFailure,
  type BirthForm,
  type BirthFormView,
  type SelectOption,
  type CosmicNotice,
} from './birth/birth-data.ts';
export {
  referenceDataKeys,
  useLanguages,
  usePractices,
  useCitySearch,
  searchCities,
} from './api/reference-data.ts';
export { usePhotoPick } from './photo/use-photo-pick.ts';
export {
  uploadProfilePhoto,
  uploadRetryDelayMs,
  photoFileProblem,
  photoUploadFailure,
  UploadAttemptsExhaustedError,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_ATTEMPTS,
  PHOTO_TEXTS,
  type PhotoNotice,
} from './photo/photo-upload.ts';
export type { CropDialogProps } from './photo/CropDialog.tsx';
// A lazy chunk of its own: the canvas and pointer code loads only when a member picks a photo (wrap it in
// <Suspense>).
export const CropDialog = lazy(() => import('./photo/CropDialog.tsx'));
