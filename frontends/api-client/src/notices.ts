/** Messages the data layer wants shown to the member (the shell turns them into toasts). */
export interface Notice {
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'error' | 'warning';
}

let listener: (notice: Notice) => void = () => {};

export function setNoticeListener(next: (notice: Notice) => void): void {
  listener = next;
}

export function notify(notice: Notice): void {
  listener(notice);
}
