#ifndef CCURL_H
#define CCURL_H

// libcurl, opened the first time a build uses a remote cache, so that every other build does not
// load it and the libraries it brings (docs/remote-cache.md). Every function here but
// `bs_curl_load` must be called only after it returned NULL.

#include <curl/curl.h>

/// Opens libcurl once and initializes it; NULL when it is ready, else why it cannot be used.
const char *bs_curl_load(void);

CURL *bs_curl_easy_init(void);
void bs_curl_easy_cleanup(CURL *easy);
void bs_curl_easy_reset(CURL *easy);
const char *bs_curl_easy_strerror(CURLcode code);
CURLM *bs_curl_multi_init(void);
CURLMcode bs_curl_multi_cleanup(CURLM *multi);
CURLMcode bs_curl_multi_add_handle(CURLM *multi, CURL *easy);
CURLMcode bs_curl_multi_remove_handle(CURLM *multi, CURL *easy);
CURLMcode bs_curl_multi_perform(CURLM *multi, int *running);
CURLMsg *bs_curl_multi_info_read(CURLM *multi, int *left);
CURLMcode bs_curl_multi_poll(CURLM *multi, int timeout_ms);
struct curl_slist *bs_curl_slist_append(struct curl_slist *list, const char *line);
void bs_curl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call; these name the argument types the remote cache uses.

CURLcode bs_curl_set_long(CURL *easy, CURLoption option, long value);
CURLcode bs_curl_set_pointer(CURL *easy, CURLoption option, const void *value);
CURLcode bs_curl_set_size(CURL *easy, CURLoption option, curl_off_t value);
typedef size_t (*bs_curl_write_callback)(char *data, size_t size, size_t count, void *context);
CURLcode bs_curl_set_write_function(CURL *easy, bs_curl_write_callback callback);
/// The last response's HTTP status; 0 when there was none.
long bs_curl_response_code(CURL *easy);
CURLMcode bs_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);

#endif
