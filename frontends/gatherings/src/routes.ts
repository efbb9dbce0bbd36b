import { defineRemoteManifest } from '../../remote-manifest.ts';

/**
 * The paths gatherings serves (spec 001 section 2) and the page it exposes for each. The shell's route table reads
 * this file when it is built, and vite.config.ts exposes one module per page from it.
 */
export const manifest = defineRemoteManifest({
  remote: 'gatherings',
  area: {
    name: 'Events & Circles',
    description: 'Gatherings, meetups and circles for the practices you love.',
  },
  routes: [
    { path: '/events', page: 'EventsPage', guard: 'member', title: 'Events' },
    { path: '/all-events', page: 'EventsPage', guard: 'member', title: 'All events' },
    { path: '/events/:id', page: 'EventDetailPage', guard: 'member', title: 'Event' },
    { path: '/create-event', page: 'CreateEventPage', guard: 'member', title: 'Create an event' },
    { path: '/engage', page: 'EngagePage', guard: 'member', title: 'Engage' },
    { path: '/discover', page: 'DiscoverPage', guard: 'member', title: 'Discover' },
    { path: '/circles', page: 'CirclesPage', guard: 'member', title: 'Circles' },
    { path: '/all-circles', page: 'CirclesPage', guard: 'member', title: 'All circles' },
    { path: '/create-circle', page: 'CreateCirclePage', guard: 'member', title: 'Create a circle' },
    { path: '/circles/:id/about', page: 'CircleAboutPage', guard: 'member', title: 'About this circle' },
    // Every other circle path (forum/{topicId}, discussions/{id}, posts/{id}, meetups/{id}) shows the detail page.
    { path: '/circles/:id/*', page: 'CircleDetailPage', guard: 'member', title: 'Circle' },
  ],
});
