import moment from 'moment';
import 'moment/locale/nl';

/**
 * docs/screens.md, 'Dutch notation': Dutch month names, weeks start on Monday. Every module that uses moment imports
 * it from here, so it is set up before its first use and loads only with the screens that use it.
 */
moment.updateLocale('nl', { week: { dow: 1, doy: 4 } });
moment.locale('nl');

export default moment;
