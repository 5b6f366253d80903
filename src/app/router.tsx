import { createBrowserRouter, type RouteObject } from 'react-router';
import PublicLayout from './layouts/PublicLayout';
import HomePage from '@/features/home/HomePage';
import ErrorPage from '@/features/errors/ErrorPage';

type PageModule = { default: React.ComponentType };
/** Route-level code splitting: each page is its own chunk, admin code never reaches public pages. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'inscription', lazy: page(() => import('@/features/registration/RegistrationPage')) },
      { path: 'faq', lazy: page(() => import('@/features/faq/FaqPage')) },
      { path: 'contact', lazy: page(() => import('@/features/contact/ContactPage')) },
      { path: 'success', lazy: page(() => import('@/features/registration/RegistrationSuccessPage')) },
      { path: 'night-party', lazy: page(() => import('@/features/reservation/NightPartyPage')) },
      {
        path: 'reservation-success',
        lazy: page(() => import('@/features/reservation/ReservationSuccessPage')),
      },
    ],
  },
  { path: '/admin/login', lazy: page(() => import('@/features/admin/auth/AdminLoginPage')) },
  {
    path: '/admin',
    lazy: page(() => import('./layouts/AdminLayout')),
    errorElement: <ErrorPage />,
    children: [
      { index: true, lazy: page(() => import('@/features/admin/dashboard/DashboardPage')) },
      { path: 'participants', lazy: page(() => import('@/features/admin/participants/ParticipantsPage')) },
      {
        path: 'participants/:id',
        lazy: page(() => import('@/features/admin/participants/ParticipantDetailPage')),
      },
      { path: 'stats', lazy: page(() => import('@/features/admin/stats/StatsPage')) },
      { path: 'reservations', lazy: page(() => import('@/features/admin/reservations/ReservationsPage')) },
    ],
  },
  { path: '*', element: <ErrorPage /> },
];

export const createAppRouter = () => createBrowserRouter(routes);
