import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@shop/shared/constants';

/**
 * Toasts at the top right. A chunk of its own, loaded just after the first render: the first
 * page needs no toast, and react-toastify queues any toast shown before its container mounts.
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />;
}
