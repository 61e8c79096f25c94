import moment from 'moment';
import 'moment/locale/nl';

/** Spec section 9: Dutch month names, weeks start on Monday. */
moment.updateLocale('nl', { week: { dow: 1, doy: 4 } });
moment.locale('nl');
