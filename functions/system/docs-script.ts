import { route } from '../../shared/http/stack.js';
import { redocScript } from './redoc-script.js';

export const handler = route(
  {
    summary: "The docs page's renderer (Redoc), served by the service itself",
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'JavaScript', mediaType: 'text/javascript' } },
  },
  async () => ({
    status: 200,
    headers: { 'Cache-Control': 'public, max-age=3600' },
    text: { contentType: 'text/javascript;charset=UTF-8', body: redocScript() },
  }),
);
