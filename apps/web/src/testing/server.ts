/** The HTTP boundary of component tests: MSW answers the calls the API client makes. */
import { setupServer } from 'msw/node';

/** Starts with no handlers: each test says what the server answers (an unhandled call fails the test). */
export const server = setupServer();
