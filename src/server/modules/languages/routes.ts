import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { sessionUser } from '../../plugins/auth';
import { routesOf } from '../../plugins/route-table';
import { declaredBody } from '../../validate';
import { languagesIn } from '../../../../locales/languages';
import { API } from '../../../shared/api';
import { ANY_ROLE } from '../../../shared/roles';
import { languageSchema } from '../../../shared/schemas/language';
import { saveLanguage } from './service';

/**
 * PUT /api/v1/me/language: the signed-in user's language, read back in GET /user/me. The known
 * languages are the folders of locales/ when the server starts.
 */
export function languageRoutes(api: FastifyInstance, db: Db, languages: readonly string[] = Object.keys(languagesIn())): void {
  const route = routesOf('Sessions and accounts');
  // Every role, the inactive one too: whoever reads the product may choose its language.
  const anyRole = { config: { roles: ANY_ROLE } };
  const languageRoute = route(anyRole, { summary: 'Save the language you read the product in (a folder of locales/)', body: languageSchema(languages) });
  api.put(API.myLanguage, languageRoute, async (request) => {
    const { language } = await declaredBody(request);
    await saveLanguage(db, sessionUser(request).id, language);
    return { language };
  });
}
