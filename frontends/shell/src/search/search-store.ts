import { create } from 'zustand';

export const useSearchDialog = create<{ open: boolean }>(() => ({ open: false }));
export const openSearch = () => useSearchDialog.setState({ open: true });
export const closeSearch = () => useSearchDialog.setState({ open: false });
