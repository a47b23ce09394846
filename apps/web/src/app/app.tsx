import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@shop/shared/constants';
import { checkAuth, selectUserChecked } from '../features/auth/auth-slice';
import { FullScreenSpinner } from '../components/ui/spinner';
import { useAppDispatch, useAppSelector } from './hooks';
import { createRouter } from './router';

/** SPEC §2 app shell: Loading... until the session check ends, then the routes; toasts top right. */
export function App() {
  const dispatch = useAppDispatch();
  const ready = useAppSelector(selectUserChecked);
  const router = useMemo(() => createRouter(), []);
  useEffect(() => {
    void dispatch(checkAuth());
  }, [dispatch]);
  return (
    <>
      {ready ? <RouterProvider router={router} /> : <FullScreenSpinner />}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </>
  );
}
