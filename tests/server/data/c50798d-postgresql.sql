--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.actions (
    game character varying(32) NOT NULL,
    n integer NOT NULL,
    role character varying(16) NOT NULL,
    verb character varying(40) NOT NULL,
    arg text NOT NULL,
    at integer NOT NULL
);


--
-- Name: chat; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.chat (
    game character varying(32) NOT NULL,
    n integer NOT NULL,
    role character varying(16) NOT NULL,
    name character varying(40) NOT NULL,
    text text NOT NULL,
    at integer NOT NULL
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id character varying(32) NOT NULL,
    title character varying(64) NOT NULL,
    seed bigint NOT NULL,
    rng_seed text,
    options text NOT NULL,
    status character varying(16) NOT NULL,
    version integer NOT NULL,
    state text NOT NULL,
    active text NOT NULL,
    result text,
    rematch_of character varying(32),
    rematch character varying(32),
    created integer NOT NULL,
    updated integer NOT NULL
);


--
-- Name: notes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notes (
    game character varying(32) NOT NULL,
    role character varying(16) NOT NULL,
    text text NOT NULL,
    updated integer NOT NULL
);


--
-- Name: seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seats (
    game character varying(32) NOT NULL,
    role character varying(16) NOT NULL,
    "position" integer NOT NULL,
    kind character varying(8) NOT NULL,
    bot character varying(32),
    name character varying(40) NOT NULL,
    token_hash character varying(64),
    joined integer NOT NULL,
    resigned integer NOT NULL
);


--
-- Data for Name: actions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.actions VALUES ('ZNS1tP4P', 0, 'green', 'choose_province', '"Macedonia"', 1795576289);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 1, 'blue', 'choose_province', '"Gallia"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 2, 'blue', 'choose_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 3, 'blue', 'choose_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 4, 'blue', 'choose_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 5, 'blue', 'choose_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 6, 'blue', 'choose_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 7, 'green', 'choose_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 8, 'green', 'choose_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 9, 'green', 'choose_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 10, 'green', 'choose_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 11, 'green', 'choose_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 12, 'green', 'leave_capital', '1', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 13, 'green', 'play_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 14, 'green', 'recruit_general', '1', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 15, 'green', 'play_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 16, 'green', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 17, 'green', 'discard', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 18, 'green', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 19, 'green', 'choose_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 20, 'green', 'choose_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 21, 'green', 'choose_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 22, 'blue', 'play_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 23, 'blue', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 24, 'blue', 'discard', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 25, 'blue', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 26, 'blue', 'choose_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 27, 'blue', 'choose_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 28, 'green', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 29, 'green', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 30, 'blue', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 31, 'blue', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 32, 'green', 'enter_capital', '1', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 33, 'green', 'play_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 34, 'green', 'leave_capital', '1', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 35, 'green', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 36, 'green', 'ludi', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 37, 'green', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 38, 'green', 'choose_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 39, 'blue', 'play_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 40, 'blue', 'move_army', '[2, "Hispania"]', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 41, 'blue', 'play_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 42, 'blue', 'enter_capital', '2', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 43, 'blue', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 44, 'blue', 'pass', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 45, 'blue', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 46, 'green', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 47, 'green', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 48, 'blue', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 49, 'blue', 'discard', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 50, 'blue', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 51, 'blue', 'choose_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 52, 'green', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 53, 'green', 'discard', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 54, 'green', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 55, 'green', 'choose_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 56, 'blue', 'play_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 57, 'blue', 'play_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 58, 'blue', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 59, 'blue', 'end_buy', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 60, 'blue', 'choose_card', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 61, 'blue', 'choose_card', '"red1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 62, 'green', 'play_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 63, 'green', 'play_card', '"blue1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 64, 'green', 'end_actions', 'null', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 65, 'green', 'discard', '"yellow1"', 1795576290);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 66, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 67, 'blue', 'leave_capital', '2', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 68, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 69, 'blue', 'discard', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 70, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 71, 'blue', 'choose_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 72, 'green', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 73, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 74, 'blue', 'play_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 75, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 76, 'blue', 'discard', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 77, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 78, 'blue', 'choose_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 79, 'green', 'play_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 80, 'green', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 81, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 82, 'green', 'choose_card', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 83, 'blue', 'enter_capital', '2', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 84, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 85, 'blue', 'discard', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 86, 'blue', 'discard', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 87, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 88, 'blue', 'choose_card', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 89, 'blue', 'choose_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 90, 'green', 'play_card', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 91, 'green', 'enter_capital', '1', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 92, 'green', 'recruit_governor', '1', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 93, 'green', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 94, 'green', 'discard', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 95, 'green', 'discard', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 96, 'green', 'discard', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 97, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 98, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 99, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 100, 'green', 'play_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 101, 'green', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 102, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 103, 'green', 'choose_card', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 104, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 105, 'blue', 'discard', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 106, 'blue', 'discard', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 107, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 108, 'green', 'play_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 109, 'green', 'move_army', '[1, "Mare Orientale"]', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 110, 'green', 'play_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 111, 'green', 'move_army', '[1, "Macedonia"]', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 112, 'green', 'enter_capital', '1', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 113, 'green', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 114, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 115, 'green', 'choose_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 116, 'blue', 'play_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 117, 'blue', 'move_army', '[2, "Mare Occidentale"]', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 118, 'blue', 'play_card', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 119, 'blue', 'place_governor', '["Macedonia", 1]', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 120, 'blue', 'play_card', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 121, 'blue', 'place_governor', '["Pannonia", 1]', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 122, 'blue', 'play_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 123, 'blue', 'move_army', '[2, "Africa"]', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 124, 'blue', 'play_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 125, 'blue', 'enter_capital', '2', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 126, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 127, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 128, 'blue', 'choose_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 129, 'blue', 'choose_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 130, 'blue', 'choose_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 131, 'blue', 'choose_card', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 132, 'blue', 'choose_card', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 133, 'green', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 134, 'green', 'discard', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 135, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 136, 'blue', 'leave_capital', '2', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 137, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 138, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 139, 'green', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 140, 'green', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 141, 'blue', 'enter_capital', '2', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 142, 'blue', 'play_card', '"red1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 143, 'blue', 'move_army', '[2, "Nomads"]', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 144, 'blue', 'end_actions', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 145, 'blue', 'discard', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 146, 'blue', 'discard', '"blue1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 147, 'blue', 'discard', '"yellow1"', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 148, 'blue', 'end_buy', 'null', 1795576291);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 149, 'green', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 150, 'green', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 151, 'blue', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 152, 'blue', 'discard', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 153, 'blue', 'discard', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 154, 'blue', 'discard', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 155, 'blue', 'discard', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 156, 'blue', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 157, 'blue', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 158, 'blue', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 159, 'blue', 'choose_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 160, 'blue', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 161, 'green', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 162, 'green', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 163, 'blue', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 164, 'blue', 'discard', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 165, 'blue', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 166, 'blue', 'choose_card', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 167, 'green', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 168, 'green', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 169, 'blue', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 170, 'blue', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 171, 'green', 'play_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 172, 'green', 'place_governor', '["Pannonia", 1]', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 173, 'green', 'leave_capital', '1', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 174, 'green', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 175, 'green', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 176, 'blue', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 177, 'blue', 'discard', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 178, 'blue', 'discard', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 179, 'blue', 'discard', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 180, 'blue', 'discard', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 181, 'blue', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 182, 'blue', 'choose_card', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 183, 'green', 'play_card', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 184, 'green', 'move_army', '[1, "Pannonia"]', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 185, 'green', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 186, 'green', 'discard', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 187, 'green', 'discard', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 188, 'green', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 189, 'green', 'choose_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 190, 'green', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 191, 'green', 'choose_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 192, 'blue', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 193, 'blue', 'discard', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 194, 'blue', 'discard', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 195, 'blue', 'discard', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 196, 'blue', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 197, 'blue', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 198, 'blue', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 199, 'blue', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 200, 'green', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 201, 'green', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 202, 'blue', 'play_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 203, 'blue', 'play_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 204, 'blue', 'play_card', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 205, 'blue', 'move_army', '[2, "Africa"]', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 206, 'blue', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 207, 'blue', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 208, 'blue', 'choose_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 209, 'blue', 'choose_card', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 210, 'green', 'play_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 211, 'green', 'play_card', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 212, 'green', 'place_governor', '["Pannonia", 2]', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 213, 'green', 'enter_capital', '1', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 214, 'green', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 215, 'green', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 216, 'green', 'choose_card', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 217, 'green', 'choose_card', '"red1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 218, 'blue', 'end_actions', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 219, 'blue', 'discard', '"blue1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 220, 'blue', 'end_buy', 'null', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 221, 'blue', 'choose_card', '"yellow1"', 1795576292);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 222, 'green', 'play_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 223, 'green', 'end_actions', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 224, 'green', 'discard', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 225, 'green', 'end_buy', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 226, 'blue', 'enter_capital', '2', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 227, 'blue', 'play_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 228, 'blue', 'move_army', '[2, "Aegyptus"]', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 229, 'blue', 'end_actions', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 230, 'blue', 'end_buy', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 231, 'blue', 'choose_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 232, 'green', 'end_actions', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 233, 'green', 'discard', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 234, 'green', 'discard', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 235, 'green', 'discard', '"blue1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 236, 'green', 'discard', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 237, 'green', 'discard', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 238, 'green', 'end_buy', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 239, 'green', 'choose_card', '"blue1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 240, 'green', 'choose_card', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 241, 'green', 'choose_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 242, 'green', 'choose_card', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 243, 'green', 'choose_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 244, 'blue', 'play_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 245, 'blue', 'end_actions', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 246, 'blue', 'discard', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 247, 'blue', 'discard', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 248, 'blue', 'discard', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 249, 'blue', 'end_buy', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 250, 'blue', 'choose_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 251, 'blue', 'choose_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 252, 'green', 'play_card', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 253, 'green', 'play_card', '"blue1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 254, 'green', 'play_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 255, 'green', 'play_card', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 256, 'green', 'end_actions', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 257, 'green', 'discard', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 258, 'green', 'end_buy', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 259, 'green', 'choose_card', '"blue1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 260, 'blue', 'end_actions', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 261, 'blue', 'discard', '"yellow1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 262, 'blue', 'end_buy', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 263, 'blue', 'choose_card', '"red1"', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 264, 'green', 'leave_capital', '1', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 265, 'green', 'end_actions', 'null', 1795576293);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 266, 'green', 'discard', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 267, 'green', 'discard', '"blue1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 268, 'green', 'end_buy', 'null', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 269, 'green', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 270, 'green', 'choose_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 271, 'blue', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 272, 'green', 'choose_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 273, 'blue', 'end_actions', 'null', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 274, 'blue', 'discard', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 275, 'blue', 'discard', '"blue1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 276, 'blue', 'discard', '"blue1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 277, 'blue', 'discard', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 278, 'blue', 'discard', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 279, 'blue', 'end_buy', 'null', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 280, 'blue', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 281, 'blue', 'choose_card', '"blue1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 282, 'green', 'enter_capital', '1', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 283, 'green', 'play_card', '"blue1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 284, 'green', 'place_governor', '["Asia", 1]', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 285, 'green', 'end_actions', 'null', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 286, 'green', 'discard', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('ZNS1tP4P', 287, 'green', 'end_buy', 'null', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 0, 'blue', 'choose_province', '"Gallia"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 1, 'green', 'choose_province', '"Pannonia"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 2, 'blue', 'choose_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 3, 'blue', 'choose_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 4, 'blue', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 5, 'blue', 'choose_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 6, 'blue', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 7, 'green', 'choose_card', '"blue1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 8, 'green', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 9, 'green', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 10, 'green', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 11, 'green', 'choose_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 12, 'blue', 'play_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 13, 'blue', 'move_army', '[1, "Mare Occidentale"]', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 14, 'blue', 'play_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 15, 'blue', 'play_card', '"red1"', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 16, 'blue', 'recruit_general', '2', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 17, 'blue', 'end_actions', 'null', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 18, 'blue', 'end_buy', 'null', 1795576294);
INSERT INTO public.actions VALUES ('NvIZMqT9', 19, 'blue', 'choose_card', '"yellow1"', 1795576294);
INSERT INTO public.actions VALUES ('UkFyZNR2', 0, 'green', 'choose_province', '"Syria"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 1, 'blue', 'choose_province', '"Macedonia"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 2, 'yellow', 'choose_province', '"Asia"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 3, 'blue', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 4, 'blue', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 5, 'blue', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 6, 'blue', 'choose_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 7, 'blue', 'choose_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 8, 'green', 'choose_card', '"blue1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 9, 'green', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 10, 'green', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 11, 'green', 'choose_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 12, 'green', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 13, 'yellow', 'choose_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 14, 'yellow', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 15, 'yellow', 'choose_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 16, 'yellow', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 17, 'yellow', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 18, 'green', 'play_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 19, 'green', 'end_actions', 'null', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 20, 'green', 'end_buy', 'null', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 21, 'green', 'choose_card', '"blue1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 22, 'blue', 'play_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 23, 'blue', 'play_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 24, 'blue', 'play_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 25, 'blue', 'play_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 26, 'blue', 'play_card', '"red1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 27, 'blue', 'build', '["Macedonia", "Limes"]', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 28, 'blue', 'add_legion', '2', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 29, 'blue', 'end_actions', 'null', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 30, 'blue', 'end_buy', 'null', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 31, 'blue', 'choose_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 32, 'yellow', 'play_card', '"yellow1"', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 33, 'yellow', 'leave_capital', '3', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 34, 'yellow', 'end_actions', 'null', 1795576295);
INSERT INTO public.actions VALUES ('UkFyZNR2', 35, 'yellow', 'end_buy', 'null', 1795576296);
INSERT INTO public.actions VALUES ('UkFyZNR2', 36, 'yellow', 'choose_card', '"blue1"', 1795576296);
INSERT INTO public.actions VALUES ('UkFyZNR2', 37, 'green', 'play_card', '"yellow1"', 1795576296);
INSERT INTO public.actions VALUES ('UkFyZNR2', 38, 'green', 'end_actions', 'null', 1795576296);
INSERT INTO public.actions VALUES ('UkFyZNR2', 39, 'green', 'discard', '"blue1"', 1795576296);
INSERT INTO public.actions VALUES ('UkFyZNR2', 40, 'green', 'end_buy', 'null', 1795576296);
INSERT INTO public.actions VALUES ('UkFyZNR2', 41, 'green', 'choose_card', '"red1"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 0, 'blue', 'choose_method', '"spqr"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 1, 'green', 'draft', '"aemilian"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 2, 'blue', 'draft', '"maximinus"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 3, 'blue', 'draft', '"gordian3"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 4, 'green', 'draft_office', '["prefect", "aemilian"]', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 5, 'green', 'draft', '"gordian2"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 6, 'blue', 'draft_office', '["cavalry", "gordian3"]', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 7, 'green', 'draft_office', '["senate", "gordian2"]', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 8, 'green', 'draft', '"persians_7a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 9, 'blue', 'draft', '"spqr_3a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 10, 'blue', 'draft', '"spqr_7a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 11, 'green', 'draft', '"goths_3b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 12, 'green', 'draft', '"persians_4a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 13, 'blue', 'draft', '"spqr_6b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 14, 'green', 'nominate', '"aemilian"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 15, 'green', 'pass', 'null', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 16, 'green', 'choose_method', '"praetorian"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 17, 'blue', 'crisis_card', '"spqr_6b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 18, 'green', 'crisis_card', '"persians_7a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 19, 'blue', 'address', '"spqr"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 20, 'blue', 'done', 'null', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 21, 'blue', 'draft', '"gold_2c"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 22, 'green', 'draft', '"spqr_9a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 23, 'green', 'draft', '"goths_2b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 24, 'blue', 'draft', '"spqr_6a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 25, 'blue', 'draft', '"spqr_5a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 26, 'green', 'draft', '"palmyra_2b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 27, 'blue', 'pass', 'null', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 28, 'blue', 'choose_method', '"military"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 29, 'blue', 'keep', 'null', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 30, 'blue', 'crisis_card', '"gold_2c"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 31, 'green', 'crisis_card', '"goths_3b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 32, 'green', 'address', '"spqr"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 33, 'green', 'play', '"gold_1a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 34, 'green', 'done', 'null', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 35, 'green', 'draft', '"palmyra_6a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 36, 'blue', 'draft', '"persians_2a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 37, 'blue', 'draft', '"goths_2a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 38, 'green', 'draft', '"persians_2b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 39, 'green', 'draft', '"gold_3b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 40, 'blue', 'draft', '"palmyra_3b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 41, 'green', 'bid', '"persians_2b"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 42, 'green', 'bid', '"palmyra_4a"', 1795576296);
INSERT INTO public.actions VALUES ('aYYuUl5H', 43, 'green', 'done', 'null', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 44, 'blue', 'pass', 'null', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 45, 'blue', 'choose_method', '"praetorian"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 46, 'green', 'assign_office', '"prefect"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 47, 'blue', 'appoint', '"maximinus"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 48, 'green', 'assign_office', '"cavalry"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 49, 'blue', 'crisis_card', '"spqr_6a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 50, 'green', 'crisis_card', '"spqr_9a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 51, 'green', 'address', '"persians"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 52, 'green', 'play', '"gold_3b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 53, 'green', 'done', 'null', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 54, 'blue', 'draft', '"gold_3a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 55, 'green', 'draft', '"palmyra_5a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 56, 'green', 'draft', '"palmyra_3a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 57, 'blue', 'draft', '"gold_2b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 58, 'blue', 'draft', '"gallus"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 59, 'green', 'draft', '"gordian1"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 60, 'blue', 'nominate', '"maximinus"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 61, 'green', 'pass', 'null', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 62, 'green', 'choose_method', '"military"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 63, 'blue', 'assign_office', '"cavalry"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 64, 'blue', 'assign_office', '"prefect"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 65, 'blue', 'crisis_card', '"spqr_5a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 66, 'green', 'crisis_card', '"palmyra_5a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 67, 'blue', 'address', '"goths"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 68, 'blue', 'play', '"gold_3a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 69, 'blue', 'play', '"goths_4a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 70, 'blue', 'play', '"goths_2a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 71, 'blue', 'play', '"gold_2b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 72, 'blue', 'done', 'null', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 73, 'green', 'draft', '"gold_1b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 74, 'blue', 'draft', '"balbinus"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 75, 'blue', 'draft', '"goths_4b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 76, 'green', 'draft', '"pupienus"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 77, 'green', 'draft', '"philip"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 78, 'blue', 'draft', '"decius"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 79, 'green', 'nominate', '"philip"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 80, 'blue', 'nominate', '"gallus"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 81, 'green', 'bid', '"palmyra_6a"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 82, 'green', 'bid', '"goths_2b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 83, 'green', 'bid', '"gold_1b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 84, 'green', 'done', 'null', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 85, 'blue', 'bid', '"goths_4b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 86, 'blue', 'bid', '"palmyra_3b"', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 87, 'blue', 'done', 'null', 1795576297);
INSERT INTO public.actions VALUES ('aYYuUl5H', 88, 'green', 'bid', '"palmyra_2b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 89, 'green', 'bid', '"palmyra_3a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 90, 'green', 'done', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 91, 'blue', 'pass', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 92, 'blue', 'choose_method', '"spqr"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 93, 'blue', 'appoint', '"balbinus"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 94, 'blue', 'crisis_card', '"persians_2a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 95, 'green', 'crisis_card', '"persians_4a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 96, 'green', 'address', '"spqr"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 97, 'green', 'done', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 98, 'green', 'discard_card', '"spqr_9a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 99, 'blue', 'draft', '"goths_6a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 100, 'green', 'draft', '"persians_6a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 101, 'green', 'draft', '"persians_3a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 102, 'blue', 'draft', '"goths_3a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 103, 'blue', 'draft', '"spqr_5b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 104, 'green', 'draft', '"palmyra_4b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 105, 'blue', 'nominate', '"balbinus"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 106, 'green', 'nominate', '"pupienus"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 107, 'green', 'pass', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 108, 'green', 'choose_method', '"military"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 109, 'green', 'appoint', '"pupienus"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 110, 'blue', 'crisis_card', '"spqr_7a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 111, 'green', 'crisis_card', '"palmyra_4b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 112, 'blue', 'address', '"palmyra"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 113, 'blue', 'done', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 114, 'blue', 'draft', '"spqr_4b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 115, 'green', 'draft', '"goths_5a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 116, 'green', 'draft', '"spqr_7b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 117, 'blue', 'draft', '"persians_5b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 118, 'blue', 'draft', '"gold_4a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 119, 'green', 'draft', '"persians_5a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 120, 'blue', 'nominate', '"gallus"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 121, 'green', 'pass', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 122, 'green', 'choose_method', '"praetorian"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 123, 'blue', 'crisis_card', '"goths_3a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 124, 'green', 'crisis_card', '"spqr_7b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 125, 'blue', 'address', '"palmyra"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 126, 'blue', 'play', '"gold_4a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 127, 'blue', 'done', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 128, 'green', 'draft', '"spqr_8a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 129, 'blue', 'draft', '"goths_5b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 130, 'blue', 'draft', '"spqr_4a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 131, 'green', 'draft', '"persians_3b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 132, 'green', 'draft', '"goths_7a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 133, 'blue', 'draft', '"gold_2a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 134, 'blue', 'choose_method', '"spqr"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 135, 'blue', 'crisis_card', '"goths_5b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 136, 'green', 'crisis_card', '"goths_5a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 137, 'green', 'address', '"spqr"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 138, 'green', 'done', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 139, 'green', 'take_card', '"hand"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 140, 'blue', 'take_card', '"hand"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 141, 'green', 'take_card', '"hand"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 142, 'blue', 'take_card', '"hand"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 143, 'green', 'draft', '"persians_3b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 144, 'blue', 'draft', '"persians_3a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 145, 'blue', 'draft', '"palmyra_2a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 146, 'green', 'draft', '"spqr_4b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 147, 'green', 'draft', '"spqr_5b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 148, 'blue', 'draft', '"spqr_3b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 149, 'blue', 'pass', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 150, 'blue', 'choose_method', '"military"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 151, 'green', 'assign_office', '"senate"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 152, 'blue', 'appoint', '"decius"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 153, 'green', 'assign_office', '"cavalry"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 154, 'blue', 'crisis_card', '"persians_5b"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 155, 'green', 'crisis_card', '"persians_5a"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 156, 'green', 'address', '"spqr"', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 157, 'green', 'done', 'null', 1795576298);
INSERT INTO public.actions VALUES ('aYYuUl5H', 158, 'green', 'draft', '"gordian3"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 159, 'blue', 'draft', '"gold_1b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 160, 'blue', 'draft', '"palmyra_5a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 161, 'green', 'draft', '"goths_2b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 162, 'green', 'draft', '"philip"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 163, 'blue', 'draft', '"spqr_5a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 164, 'green', 'nominate', '"philip"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 165, 'blue', 'bid', '"palmyra_2a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 166, 'blue', 'bid', '"goths_6a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 167, 'blue', 'bid', '"persians_4b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 168, 'blue', 'done', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 169, 'green', 'pass', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 170, 'green', 'choose_method', '"praetorian"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 171, 'blue', 'assign_office', '"cavalry"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 172, 'green', 'appoint', '"philip"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 173, 'blue', 'assign_office', '"senate"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 174, 'blue', 'crisis_card', '"spqr_3b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 175, 'green', 'crisis_card', '"goths_7a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 176, 'blue', 'address', '"persians"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 177, 'blue', 'done', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 178, 'green', 'draft', '"palmyra_4a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 179, 'blue', 'draft', '"gordian1"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 180, 'blue', 'draft', '"gold_4a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 181, 'green', 'draft', '"gold_2b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 182, 'green', 'draft', '"palmyra_6a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 183, 'blue', 'draft', '"goths_4b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 184, 'green', 'nominate', '"gordian3"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 185, 'blue', 'choose_method', '"spqr"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 186, 'green', 'assign_office', '"prefect"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 187, 'green', 'appoint', '"philip"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 188, 'green', 'assign_office', '"senate"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 189, 'blue', 'crisis_card', '"persians_3a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 190, 'green', 'crisis_card', '"palmyra_6a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 191, 'green', 'address', '"goths"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 192, 'green', 'play', '"gold_2b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 193, 'green', 'done', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 194, 'green', 'draft', '"goths_4a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 195, 'blue', 'draft', '"palmyra_3a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 196, 'blue', 'draft', '"spqr_9a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 197, 'green', 'draft', '"gordian2"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 198, 'green', 'draft', '"goths_2a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 199, 'blue', 'draft', '"palmyra_4b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 200, 'green', 'bid', '"spqr_5b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 201, 'green', 'bid', '"spqr_8a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 202, 'green', 'bid', '"spqr_4b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 203, 'green', 'done', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 204, 'blue', 'bid', '"gold_4a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 205, 'blue', 'bid', '"gold_1b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 206, 'blue', 'bid', '"spqr_3a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 207, 'blue', 'bid', '"spqr_9a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 208, 'blue', 'bid', '"gold_2a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 209, 'blue', 'done', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 210, 'green', 'pass', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 211, 'green', 'choose_method', '"praetorian"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 212, 'blue', 'assign_office', '"senate"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 213, 'green', 'keep', 'null', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 214, 'blue', 'crisis_card', '"palmyra_4b"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 215, 'green', 'crisis_card', '"palmyra_4a"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 216, 'blue', 'address', '"persians"', 1795576299);
INSERT INTO public.actions VALUES ('aYYuUl5H', 217, 'blue', 'done', 'null', 1795576299);
INSERT INTO public.actions VALUES ('Le0ODQrO', 0, 'blue', 'choose_method', '"spqr"', 1795576299);
INSERT INTO public.actions VALUES ('Le0ODQrO', 1, 'green', 'draft', '"balbinus"', 1795576299);
INSERT INTO public.actions VALUES ('Le0ODQrO', 2, 'blue', 'draft', '"decius"', 1795576299);
INSERT INTO public.actions VALUES ('Le0ODQrO', 3, 'blue', 'draft', '"gallus"', 1795576299);
INSERT INTO public.actions VALUES ('Le0ODQrO', 4, 'green', 'draft', '"maximinus"', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 5, 'green', 'draft_office', '["cavalry", "balbinus"]', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 6, 'blue', 'draft_office', '["prefect", "gallus"]', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 7, 'blue', 'draft_office', '["senate", "decius"]', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 8, 'green', 'draft', '"persians_2a"', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 9, 'blue', 'draft', '"persians_7a"', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 10, 'blue', 'draft', '"persians_4b"', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 11, 'green', 'draft', '"goths_5a"', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 12, 'green', 'draft', '"gold_3b"', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 13, 'blue', 'draft', '"palmyra_2b"', 1795576300);
INSERT INTO public.actions VALUES ('Le0ODQrO', 14, 'blue', 'nominate', '"decius"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 0, 'green', 'choose_method', '"praetorian"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 1, 'blue', 'draft', '"philip"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 2, 'yellow', 'draft', '"maximinus"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 3, 'green', 'draft', '"decius"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 4, 'green', 'draft_office', '["cavalry", "decius"]', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 5, 'yellow', 'draft_office', '["legatus", "maximinus"]', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 6, 'blue', 'draft_office', '["prefect", "philip"]', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 7, 'blue', 'draft', '"gordian3"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 8, 'yellow', 'draft', '"gallus"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 9, 'green', 'draft', '"gordian2"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 10, 'green', 'draft_office', '["senate", "gordian2"]', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 11, 'blue', 'draft', '"spqr_8a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 12, 'yellow', 'draft', '"spqr_5a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 13, 'green', 'draft', '"goths_3a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 14, 'green', 'draft', '"gold_2b"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 15, 'yellow', 'draft', '"palmyra_3a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 16, 'blue', 'draft', '"gold_4a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 17, 'blue', 'draft', '"goths_4a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 18, 'yellow', 'draft', '"gold_1a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 19, 'green', 'draft', '"gold_1b"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 20, 'blue', 'nominate', '"philip"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 21, 'yellow', 'nominate', '"gallus"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 22, 'yellow', 'pass', 'null', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 23, 'green', 'choose_method', '"spqr"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 24, 'blue', 'assign_office', '"cavalry"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 25, 'yellow', 'appoint', '"maximinus"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 26, 'blue', 'crisis_card', '"goths_4a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 27, 'green', 'crisis_card', '"gold_2b"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 28, 'yellow', 'crisis_card', '"palmyra_4b"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 29, 'blue', 'address', '"palmyra"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 30, 'blue', 'play', '"palmyra_6a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 31, 'blue', 'done', 'null', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 32, 'green', 'play', '"goths_7a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 33, 'green', 'play', '"goths_3a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 34, 'yellow', 'draft', '"spqr_7a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 35, 'green', 'draft', '"persians_7a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 36, 'blue', 'draft', '"spqr_7b"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 37, 'blue', 'draft', '"persians_6a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 38, 'green', 'draft', '"persians_5a"', 1795576300);
INSERT INTO public.actions VALUES ('0mzxW9fk', 39, 'yellow', 'draft', '"palmyra_2a"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 0, 'green', 'choose_province', '"Gallia"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 1, 'blue', 'choose_province', '"Thracia"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 2, 'green', 'choose_card', '"red1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 3, 'green', 'choose_card', '"red1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 4, 'green', 'choose_card', '"yellow1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 5, 'green', 'choose_card', '"yellow1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 6, 'green', 'choose_card', '"yellow1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 7, 'blue', 'choose_card', '"blue1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 8, 'blue', 'choose_card', '"red1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 9, 'blue', 'choose_card', '"yellow1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 10, 'blue', 'choose_card', '"red1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 11, 'blue', 'choose_card', '"red1"', 1795576300);
INSERT INTO public.actions VALUES ('tI9yrJPl', 12, 'green', 'play_card', '"yellow1"', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 13, 'green', 'play_card', '"yellow1"', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 14, 'green', 'play_card', '"yellow1"', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 15, 'green', 'play_card', '"red1"', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 16, 'green', 'play_card', '"red1"', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 17, 'green', 'build', '["Gallia", "Limes"]', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 18, 'green', 'add_legion', '1', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 19, 'green', 'end_actions', 'null', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 20, 'green', 'end_buy', 'null', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 21, 'green', 'choose_card', '"yellow1"', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 22, 'blue', 'end_actions', 'null', 1795576301);
INSERT INTO public.actions VALUES ('tI9yrJPl', 23, 'blue', 'discard', '"yellow1"', 1795576301);


--
-- Data for Name: chat; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.chat VALUES ('ZNS1tP4P', 0, 'green', 'Livia', 'Good luck!', 1795576289);
INSERT INTO public.chat VALUES ('ZNS1tP4P', 1, 'green', 'Livia', 'gg ✓', 1795576294);
INSERT INTO public.chat VALUES ('UkFyZNR2', 0, 'green', 'Livia on the web', 'Livia on the web is here. Ave!', 1795576295);
INSERT INTO public.chat VALUES ('UkFyZNR2', 1, 'yellow', 'Marcus', 'Your move.', 1795576296);
INSERT INTO public.chat VALUES ('aYYuUl5H', 0, 'green', 'Livia', 'Good luck!', 1795576296);
INSERT INTO public.chat VALUES ('aYYuUl5H', 1, 'green', 'Livia', 'gg ✓', 1795576299);
INSERT INTO public.chat VALUES ('0mzxW9fk', 0, 'green', 'Livia on the web', 'Livia on the web is here. Ave!', 1795576300);
INSERT INTO public.chat VALUES ('0mzxW9fk', 1, 'yellow', 'Marcus', 'Your move.', 1795576300);


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.games VALUES ('ZNS1tP4P', 'time_of_crisis', 1234, '1234', '{"short_game": true, "players": 2}', 'finished', 288, '{"options":{"players":2,"short_game":true,"first_player":null,"expansion_cards":false,"market":"fixed","selection":{},"emperor_rules":false},"rng":{"key":"f321fffc9d59322135c6911c1561bd1b38a44046d18022e7725f7954d4faa9cc","counter":189,"seed":0,"draws":189,"script":[],"chance":null},"players":[{"role":"green","hand":["red1","blue1","red1","red1","yellow1"],"available":[],"discard":["yellow1","blue1","blue1","yellow1"],"legacy":9,"emperor_turns":0,"turns":25,"governors_unclaimed":[2,3,4,5],"governors_ready":2,"generals_unclaimed":[2,3,4,5],"generals_ready":1,"trophies":[],"ludi":false,"bought":[],"trashed":[]},{"role":"blue","hand":["red1","blue1","yellow1","yellow1","blue1"],"available":["yellow1","blue1","red1","red1"],"discard":[],"legacy":4,"emperor_turns":0,"turns":24,"governors_unclaimed":[1,2,3,4,5],"governors_ready":1,"generals_unclaimed":[1,2,3,4,5],"generals_ready":0,"trophies":[],"ludi":false,"bought":[],"trashed":[]}],"provinces":{"Britannia":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{"Franks":3},"inactive":{}},"Gallia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Franks":3},"inactive":{}},"Hispania":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Africa":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Italia":{"governor":"neutral","support":6,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Franks":3},"inactive":{}},"Pannonia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Alamanni":3},"inactive":{}},"Thracia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Alamanni":3},"inactive":{}},"Macedonia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Goths":2,"Alamanni":3},"inactive":{}},"Asia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Goths":3},"inactive":{}},"Galatia":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{"Goths":3},"inactive":{}},"Syria":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{"Goths":2},"inactive":{}},"Aegyptus":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}}},"tribes":{"Franks":{"active":1,"inactive":0,"in_game":true},"Alamanni":{"active":1,"inactive":0,"in_game":true},"Goths":{"active":0,"inactive":0,"in_game":true},"Sassanids":{"active":0,"inactive":0,"in_game":false},"Nomads":{"active":0,"inactive":0,"in_game":false}},"supply":{"castra":9,"flanking_maneuver":8,"praetorian_guard":6,"tribute":9,"foederati":8,"damnatio_memoriae":6,"quaestor":9,"mob":8,"pretender":6},"event_deck":["plague_of_cyprian"],"stacks":{},"emperor_token":null,"peek":[],"first":0,"current":1,"step":"over","stack":[],"phase":"over","round":25,"armies":[{"id":1,"owner":"green","region":"Pannonia","capital":true,"full":1,"reduced":0,"foederati":{},"castra":false,"battled":false},{"id":2,"owner":"blue","region":"Aegyptus","capital":false,"full":1,"reduced":0,"foederati":{},"castra":false,"battled":false}],"next_army":3,"leaders":{"Shapur I":"Sassanids","Cniva":"Macedonia","Ardashir":"Sassanids"},"rivals":{"Priest King of Emesa":"Syria","Zenobia":"Aegyptus","Postumus":"Gallia"},"events_drawn":["bad_auguries","shapur_i","ludi_saeculares","priest_king_of_emesa","zenobia","good_auguries","palmyra_allies","cniva","inflation","raiding_parties","ardashir","preparing_for_war","postumus","diocletian"],"lasting":null,"turn":{"pool":{"red":0,"blue":0,"yellow":0},"played":[],"events":[],"targeted":[],"recalled":[],"bought":0,"political":0,"discounts":[],"damnatio":null,"flanking":false,"cavalry":false,"spiculum":false,"princeps":false,"ambitus":0,"mobile_vulgus":false,"triumph":0,"battle_legacy":0,"was_emperor":false,"crossed":[],"militia_battled":[]},"battle":null,"choosing":{},"reward":null,"occupy":null,"last_round":false,"ended":"Diocletian","final":{"reason":"Diocletian","bonus":{"green":0,"blue":0},"scores":{"green":9,"blue":4},"ranking":["green","blue"],"winner":"green","tie_break_rolls":{}},"reveals":14,"version":288,"log":["green is the first player","green chooses Macedonia","blue chooses Gallia","-- green turn 1 --","Crisis roll 5+5=10: Franks","Franks invasion roll: white 4, black 2 (1 active at home)","green''s army 1 leaves the capital of Macedonia","green plays Red 1","green recruits a General (1)","green plays Yellow 1","green gains 1 legacy (1)","-- blue turn 1 --","Crisis roll 2+3=5: Alamanni","Alamanni invasion roll: white 4, black 4 (1 active at home)","blue plays Red 1","blue gains 1 legacy (1)","-- green turn 2 --","Crisis roll 5+2=7: Event","Event: Bad Auguries","green gains 1 legacy (2)","-- blue turn 2 --","Crisis roll 5+2=7: Event","Event: Shapur I","Shapur I appears in the Sassanids homeland","blue gains 1 legacy (2)","-- green turn 3 --","Crisis roll 5+2=7: Event","Event: Ludi Saeculares","green''s army 1 enters the capital of Macedonia","green plays Red 1","green''s army 1 leaves the capital of Macedonia","green gains 1 legacy (3)","green celebrates the Ludi Saeculares for 1 legacy","-- blue turn 3 --","Crisis roll 5+4=9: Goths","Goths invasion roll: white 1, black 6 (1 active at home)","blue plays Red 1","blue moves army 2 to Hispania","blue plays Yellow 1","blue''s army 2 enters the capital of Hispania","blue gains 1 legacy (3)","-- green turn 4 --","Crisis roll 1+3=4: Franks","Franks invasion roll: white 3, black 4 (2 active at home)","green gains 1 legacy (5)","-- blue turn 4 --","Crisis roll 5+2=7: Event","Event: Priest King of Emesa","Rival Emperor Priest King of Emesa rises in Syria","blue gains 1 legacy (4)","-- green turn 5 --","Crisis roll 1+2=3: Franks","Franks invasion roll: white 4, black 1 (3 active at home)","1 Franks invade Gallia","green gains 1 legacy (6)","-- blue turn 5 --","Crisis roll 1+5=6: Goths","Goths invasion roll: white 4, black 2 (2 active at home)","2 Goths invade Asia","blue plays Yellow 1","blue plays Red 1","Gallia support drops to 0","blue loses the governorship of Gallia","blue gains 0 legacy (4)","-- green turn 6 --","Crisis roll 4+5=9: Goths","Goths invasion roll: white 6, black 4 (1 active at home)","green plays Blue 1","green plays Blue 1","green gains 1 legacy (7)","-- blue turn 6 --","Crisis roll 1+5=6: Goths","Goths invasion roll: white 6, black 5 (2 active at home)","blue''s army 2 leaves the capital of Hispania","blue gains 0 legacy (4)","-- green turn 7 --","Crisis roll 2+1=3: Franks","Franks invasion roll: white 3, black 5 (3 active at home)","green gains 1 legacy (8)","-- blue turn 7 --","Crisis roll 2+3=5: Alamanni","Alamanni invasion roll: white 3, black 4 (2 active at home)","blue plays Yellow 1","blue gains 0 legacy (4)","-- green turn 8 --","Crisis roll 5+6=11: Event","Event: Zenobia","Rival Emperor Zenobia rises in Aegyptus","green plays Red 1","green gains 1 legacy (9)","-- blue turn 8 --","Crisis roll 2+4=6: Goths","Goths invasion roll: white 3, black 2 (3 active at home)","1 Goths invade Asia","1 Goths invade Macedonia","blue''s army 2 enters the capital of Hispania","blue gains 0 legacy (4)","-- green turn 9 --","Crisis roll 2+6=8: Alamanni","Alamanni invasion roll: white 2, black 5 (3 active at home)","green plays Blue 1","green''s army 1 enters the capital of Macedonia","green recruits a Governor (1)","Macedonia support drops to 0","green loses the governorship of Macedonia","green gains 0 legacy (9)","-- blue turn 9 --","Crisis roll 5+4=9: Goths","Goths invasion roll: white 4, black 1 (2 active at home)","1 Goths invade Macedonia","blue gains 0 legacy (4)","-- green turn 10 --","Crisis roll 1+6=7: Event","Event: Good Auguries","green plays Yellow 1","green gains 0 legacy (9)","-- blue turn 10 --","Crisis roll 5+2=7: Event","Event: Palmyra Allies","blue gains 0 legacy (4)","-- green turn 11 --","Crisis roll 4+4=8: Alamanni","Alamanni invasion roll: white 6, black 2 (4 active at home)","2 Alamanni invade Thracia","green plays Red 1","green moves army 1 to Mare Orientale","green plays Red 1","green moves army 1 to Macedonia","green''s army 1 enters the capital of Macedonia","green gains 0 legacy (9)","-- blue turn 11 --","Crisis roll 6+3=9: Goths","Goths invasion roll: white 5, black 2 (2 active at home)","2 Goths invade Galatia","blue plays Red 1","blue moves army 2 to Mare Occidentale","blue plays Blue 1","blue seeks Macedonia: 2 votes needed, rolls [1] = 1 vote","blue plays Blue 1","blue seeks Pannonia: 2 votes needed, rolls [5] = 1 vote","blue plays Red 1","blue moves army 2 to Africa","blue plays Red 1","blue''s army 2 enters the capital of Africa","blue gains 0 legacy (4)","-- green turn 12 --","Crisis roll 2+3=5: Alamanni","Alamanni invasion roll: white 3, black 6 (3 active at home)","green gains 0 legacy (9)","-- blue turn 12 --","Crisis roll 5+5=10: Franks","Franks invasion roll: white 1, black 4 (4 active at home)","3 Franks invade Britannia","1 Franks invade Gallia","blue''s army 2 leaves the capital of Africa","blue gains 0 legacy (4)","-- green turn 13 --","Crisis roll 4+4=8: Alamanni","Alamanni invasion roll: white 3, black 3 (4 active at home)","3 Alamanni invade Pannonia","green gains 0 legacy (9)","-- blue turn 13 --","Crisis roll 3+4=7: Event","Event: Cniva","Cniva appears in the Goths homeland","blue''s army 2 enters the capital of Africa","blue plays Red 1","blue moves army 2 to Nomads","blue gains 0 legacy (4)","-- green turn 14 --","Crisis roll 5+3=8: Alamanni","Alamanni invasion roll: white 2, black 4 (2 active at home)","green gains 0 legacy (9)","-- blue turn 14 --","Crisis roll 4+4=8: Alamanni","Alamanni invasion roll: white 4, black 5 (3 active at home)","blue gains 0 legacy (4)","-- green turn 15 --","Crisis roll 4+3=7: Event","Event: Inflation","green gains 0 legacy (9)","-- blue turn 15 --","Crisis roll 2+6=8: Alamanni","Alamanni invasion roll: white 3, black 5 (4 active at home)","blue gains 0 legacy (4)","-- green turn 16 --","Crisis roll 1+3=4: Franks","Franks invasion roll: white 2, black 2 (1 active at home)","green gains 0 legacy (9)","-- blue turn 16 --","Crisis roll 6+5=11: Event","Event: Raiding Parties","blue gains 0 legacy (4)","-- green turn 17 --","Crisis roll 1+5=6: Goths","Goths invasion roll: white 2, black 3 (2 active at home)","green plays Blue 1","green seeks Pannonia: 2 votes needed, rolls [4] = 1 vote","green''s army 1 leaves the capital of Macedonia","green gains 0 legacy (9)","-- blue turn 17 --","Crisis roll 5+4=9: Goths","Goths invasion roll: white 4, black 3 (3 active at home)","1 Goths invade Macedonia","blue gains 0 legacy (4)","-- green turn 18 --","Crisis roll 5+3=8: Alamanni","Alamanni invasion roll: white 5, black 5 (5 active at home)","1 Alamanni invade Thracia","3 Alamanni invade Macedonia","green plays Red 1","green moves army 1 to Pannonia","green gains 0 legacy (9)","-- blue turn 18 --","Crisis roll 3+3=6: Goths","Goths invasion roll: white 4, black 6 (3 active at home)","blue gains 0 legacy (4)","-- green turn 19 --","Crisis roll 4+6=10: Franks","Franks invasion roll: white 1, black 3 (2 active at home)","green gains 0 legacy (9)","-- blue turn 19 --","Crisis roll 4+5=9: Goths","Goths invasion roll: white 6, black 3 (3 active at home)","1 Goths invade Galatia","2 Goths invade Syria","blue plays Yellow 1","blue plays Blue 1","blue plays Red 1","blue moves army 2 to Africa","blue gains 0 legacy (4)","-- green turn 20 --","Crisis roll 2+5=7: Event","Event: Ardashir","Ardashir appears in the Sassanids homeland","green plays Blue 1","green plays Blue 1","green seeks Pannonia: 2 votes needed, 2 votes without a roll","green now governs Pannonia","green''s army 1 enters the capital of Pannonia","Pannonia support drops to 0","green loses the governorship of Pannonia","green gains 0 legacy (9)","-- blue turn 20 --","Crisis roll 2+4=6: Goths","Goths invasion roll: white 1, black 4 (0 active at home)","blue gains 0 legacy (4)","-- green turn 21 --","Crisis roll 3+4=7: Event","Event: Preparing for War","green plays Red 1","green gains 0 legacy (9)","-- blue turn 21 --","Crisis roll 6+1=7: Event","Event: Postumus","Rival Emperor Postumus rises in Gallia","blue''s army 2 enters the capital of Africa","blue plays Red 1","blue moves army 2 to Aegyptus","blue gains 0 legacy (4)","-- green turn 22 --","Crisis roll 3+1=4: Franks","Franks invasion roll: white 6, black 3 (5 active at home)","1 Franks invade Gallia","2 Franks invade Italia","green gains 0 legacy (9)","-- blue turn 22 --","Crisis roll 4+4=8: Alamanni","Alamanni invasion roll: white 4, black 1 (1 active at home)","blue plays Red 1","blue gains 0 legacy (4)","-- green turn 23 --","Crisis roll 1+1=2: Ira Deorum","green plays Yellow 1","green plays Blue 1","green plays Red 1","green plays Yellow 1","green gains 0 legacy (9)","-- blue turn 23 --","Crisis roll 1+4=5: Alamanni","Alamanni invasion roll: white 2, black 5 (1 active at home)","blue gains 0 legacy (4)","-- green turn 24 --","Crisis roll 5+5=10: Franks","Franks invasion roll: white 6, black 2 (2 active at home)","1 Franks invade Italia","green''s army 1 leaves the capital of Pannonia","green gains 0 legacy (9)","-- blue turn 24 --","Crisis roll 6+6=12: Pax Deorum","blue gains 0 legacy (4)","-- green turn 25 --","Crisis roll 5+4=9: Goths","Goths invasion roll: white 3, black 1 (0 active at home)","green''s army 1 enters the capital of Pannonia","green plays Blue 1","green seeks Asia: 2 votes needed, rolls [4] = 1 vote","green gains 0 legacy (9)","-- blue turn 25 --","Crisis roll 6+1=7: Event","Event: Diocletian","Game over (Diocletian): green wins"]}', '[]', '{"reason": "Diocletian", "bonus": {"green": 0, "blue": 0}, "scores": {"green": 9, "blue": 4}, "ranking": ["green", "blue"], "winner": "green", "tie_break_rolls": {}}', NULL, 'NvIZMqT9', 1795576289, 1795576294);
INSERT INTO public.games VALUES ('NvIZMqT9', 'time_of_crisis', 0, '"c358867b8ba1367d47fd24559a27a3f354c71d831e9178940b237171bb65b775"', '{"short_game": true, "players": 2}', 'playing', 22, '{"options":{"players":2,"short_game":true,"first_player":null,"expansion_cards":false,"market":"fixed","selection":{},"emperor_rules":false},"rng":{"key":"c358867b8ba1367d47fd24559a27a3f354c71d831e9178940b237171bb65b775","counter":25,"seed":0,"draws":25,"script":[],"chance":null},"players":[{"role":"green","hand":["blue1","yellow1","yellow1","yellow1","red1"],"available":["red1","red1","blue1","blue1"],"discard":[],"legacy":0,"emperor_turns":0,"turns":0,"governors_unclaimed":[1,2,3,4,5],"governors_ready":0,"generals_unclaimed":[1,2,3,4,5],"generals_ready":0,"trophies":[],"ludi":false,"bought":[],"trashed":[]},{"role":"blue","hand":["yellow1","yellow1","yellow1","blue1","blue1"],"available":["blue1"],"discard":["red1","red1","red1"],"legacy":1,"emperor_turns":0,"turns":1,"governors_unclaimed":[1,2,3,4,5],"governors_ready":0,"generals_unclaimed":[1,3,4,5],"generals_ready":2,"trophies":[],"ludi":false,"bought":[],"trashed":[]}],"provinces":{"Britannia":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Gallia":{"governor":"blue","support":1,"mobs":0,"militia":true,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Hispania":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Africa":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Italia":{"governor":"neutral","support":4,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Pannonia":{"governor":"green","support":1,"mobs":0,"militia":true,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Thracia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Macedonia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Asia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Galatia":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Syria":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Aegyptus":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}}},"tribes":{"Franks":{"active":2,"inactive":8,"in_game":true},"Alamanni":{"active":0,"inactive":10,"in_game":true},"Goths":{"active":0,"inactive":10,"in_game":true},"Sassanids":{"active":0,"inactive":0,"in_game":false},"Nomads":{"active":0,"inactive":0,"in_game":false}},"supply":{"castra":9,"flanking_maneuver":8,"praetorian_guard":6,"tribute":9,"foederati":8,"damnatio_memoriae":6,"quaestor":9,"mob":8,"pretender":6},"event_deck":["cniva","priest_king_of_emesa","shapur_i","palmyra_allies","raiding_parties","ludi_saeculares","plague_of_cyprian","preparing_for_war","postumus","good_auguries","ardashir","zenobia","bad_auguries","diocletian","inflation"],"stacks":{},"emperor_token":null,"peek":[],"first":1,"current":0,"step":"actions","stack":[],"phase":"actions","round":1,"armies":[{"id":2,"owner":"green","region":"Pannonia","capital":true,"full":1,"reduced":0,"foederati":{},"castra":false,"battled":false}],"next_army":3,"leaders":{},"rivals":{},"events_drawn":[],"lasting":null,"turn":{"pool":{"red":0,"blue":0,"yellow":0},"played":[],"events":[],"targeted":[],"recalled":[],"bought":0,"political":0,"discounts":[],"damnatio":null,"flanking":false,"cavalry":false,"spiculum":false,"princeps":false,"ambitus":0,"mobile_vulgus":false,"triumph":0,"battle_legacy":0,"was_emperor":false,"crossed":[],"militia_battled":[]},"battle":null,"choosing":{},"reward":null,"occupy":null,"last_round":false,"ended":null,"final":null,"reveals":0,"version":20,"log":["blue is the first player","blue chooses Gallia","green chooses Pannonia","-- blue turn 1 --","Crisis roll 5+5=10: Franks","Franks invasion roll: white 2, black 4 (1 active at home)","blue plays Red 1","blue moves army 1 to Mare Occidentale","blue plays Red 1","blue plays Red 1","blue recruits a General (2)","blue''s army 1 is lost at sea","blue gains 1 legacy (1)","-- green turn 1 --","Crisis roll 1+3=4: Franks","Franks invasion roll: white 6, black 6 (2 active at home)"]}', '["green"]', NULL, 'ZNS1tP4P', NULL, 1795576294, 1795576295);
INSERT INTO public.games VALUES ('UkFyZNR2', 'time_of_crisis', 0, '"c017194bbcff45ed7839fa889dd7758891acbf348b2976e0e5fed5b2a38ab5d4"', '{"players": 3}', 'playing', 42, '{"options":{"players":3,"short_game":false,"first_player":null,"expansion_cards":false,"market":"fixed","selection":{},"emperor_rules":false},"rng":{"key":"c017194bbcff45ed7839fa889dd7758891acbf348b2976e0e5fed5b2a38ab5d4","counter":31,"seed":0,"draws":31,"script":[],"chance":null},"players":[{"role":"green","hand":["yellow1","yellow1","blue1","red1"],"available":["red1","blue1"],"discard":["red1","yellow1","blue1"],"legacy":2,"emperor_turns":0,"turns":1,"governors_unclaimed":[1,2,3,4,5],"governors_ready":0,"generals_unclaimed":[1,2,3,4,5],"generals_ready":0,"trophies":[],"ludi":false,"bought":[],"trashed":[]},{"role":"blue","hand":["red1","blue1","blue1","blue1","yellow1"],"available":["yellow1","yellow1","red1","red1"],"discard":[],"legacy":2,"emperor_turns":0,"turns":1,"governors_unclaimed":[1,2,3,4,5],"governors_ready":0,"generals_unclaimed":[1,2,3,4,5],"generals_ready":0,"trophies":[],"ludi":false,"bought":[],"trashed":[]},{"role":"yellow","hand":["red1","red1","yellow1","yellow1","blue1"],"available":["red1","blue1","blue1"],"discard":["yellow1"],"legacy":1,"emperor_turns":0,"turns":1,"governors_unclaimed":[1,2,3,4,5],"governors_ready":0,"generals_unclaimed":[1,2,3,4,5],"generals_ready":0,"trophies":[],"ludi":false,"bought":[],"trashed":[]}],"provinces":{"Britannia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Gallia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Hispania":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Africa":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Italia":{"governor":"neutral","support":6,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Pannonia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Alamanni":2},"inactive":{}},"Thracia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Macedonia":{"governor":"blue","support":1,"mobs":0,"militia":true,"improvements":["Limes"],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Asia":{"governor":"yellow","support":1,"mobs":0,"militia":true,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Galatia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Syria":{"governor":"green","support":1,"mobs":0,"militia":true,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Aegyptus":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}}},"tribes":{"Franks":{"active":1,"inactive":9,"in_game":true},"Alamanni":{"active":0,"inactive":8,"in_game":true},"Goths":{"active":0,"inactive":10,"in_game":true},"Sassanids":{"active":0,"inactive":10,"in_game":true},"Nomads":{"active":0,"inactive":0,"in_game":false}},"supply":{"castra":9,"flanking_maneuver":8,"praetorian_guard":6,"tribute":9,"foederati":8,"damnatio_memoriae":6,"quaestor":9,"mob":8,"pretender":6},"event_deck":["priest_king_of_emesa","inflation","shapur_i","plague_of_cyprian","raiding_parties","ludi_saeculares","postumus","zenobia","bad_auguries","ardashir","cniva","preparing_for_war","palmyra_allies","diocletian"],"stacks":{},"emperor_token":null,"peek":[],"first":0,"current":0,"step":"refill","stack":[],"phase":"end_of_turn","round":2,"armies":[{"id":1,"owner":"green","region":"Syria","capital":true,"full":1,"reduced":0,"foederati":{},"castra":false,"battled":false},{"id":2,"owner":"blue","region":"Macedonia","capital":true,"full":2,"reduced":0,"foederati":{},"castra":false,"battled":false},{"id":3,"owner":"yellow","region":"Asia","capital":false,"full":1,"reduced":0,"foederati":{},"castra":false,"battled":false}],"next_army":4,"leaders":{},"rivals":{},"events_drawn":["good_auguries"],"lasting":"good_auguries","turn":{"pool":{"red":0,"blue":0,"yellow":1},"played":[],"events":[],"targeted":[],"recalled":[],"bought":0,"political":0,"discounts":[],"damnatio":null,"flanking":false,"cavalry":false,"spiculum":false,"princeps":false,"ambitus":0,"mobile_vulgus":false,"triumph":0,"battle_legacy":0,"was_emperor":false,"crossed":[],"militia_battled":[]},"battle":null,"choosing":{"green":1},"reward":null,"occupy":null,"last_round":false,"ended":null,"final":null,"reveals":1,"version":42,"log":["green is the first player","green chooses Syria","blue chooses Macedonia","yellow chooses Asia","-- green turn 1 --","Crisis roll 4+3=7: Event","Event: Good Auguries","green plays Red 1","green gains 1 legacy (1)","-- blue turn 1 --","Crisis roll 4+6=10: Franks","Franks invasion roll: white 3, black 4 (1 active at home)","blue plays Yellow 1","blue plays Yellow 1","blue plays Yellow 1","blue plays Red 1","blue plays Red 1","blue builds a Limes in Macedonia","blue adds a legion to army 2 in Macedonia (2)","blue gains 2 legacy (2)","-- yellow turn 1 --","Crisis roll 4+4=8: Alamanni","Alamanni invasion roll: white 2, black 6 (1 active at home)","yellow plays Yellow 1","yellow''s army 3 leaves the capital of Asia","yellow gains 1 legacy (1)","-- green turn 2 --","Crisis roll 4+4=8: Alamanni","Alamanni invasion roll: white 1, black 2 (2 active at home)","2 Alamanni invade Pannonia","green plays Yellow 1","green gains 1 legacy (2)"]}', '["green"]', NULL, NULL, NULL, 1795576295, 1795576296);
INSERT INTO public.games VALUES ('Le0ODQrO', 'rome_in_crisis', 0, '"e7e1de1e5f1bf2321a8f0f32dab002a20de721b651921071bfb327df114a4af6"', '{"players": 2}', 'playing', 17, '{"options":{"players":2,"dealer":null,"cards":null},"cards":{"influence":{"goths_2a":{"suit":"goths","value":2},"goths_2b":{"suit":"goths","value":2},"goths_3a":{"suit":"goths","value":3},"goths_3b":{"suit":"goths","value":3},"goths_4a":{"suit":"goths","value":4},"goths_4b":{"suit":"goths","value":4},"goths_5a":{"suit":"goths","value":5},"goths_5b":{"suit":"goths","value":5},"goths_6a":{"suit":"goths","value":6},"goths_7a":{"suit":"goths","value":7},"persians_2a":{"suit":"persians","value":2},"persians_2b":{"suit":"persians","value":2},"persians_3a":{"suit":"persians","value":3},"persians_3b":{"suit":"persians","value":3},"persians_4a":{"suit":"persians","value":4},"persians_4b":{"suit":"persians","value":4},"persians_5a":{"suit":"persians","value":5},"persians_5b":{"suit":"persians","value":5},"persians_6a":{"suit":"persians","value":6},"persians_7a":{"suit":"persians","value":7},"palmyra_2a":{"suit":"palmyra","value":2},"palmyra_2b":{"suit":"palmyra","value":2},"palmyra_3a":{"suit":"palmyra","value":3},"palmyra_3b":{"suit":"palmyra","value":3},"palmyra_4a":{"suit":"palmyra","value":4},"palmyra_4b":{"suit":"palmyra","value":4},"palmyra_5a":{"suit":"palmyra","value":5},"palmyra_6a":{"suit":"palmyra","value":6},"spqr_3a":{"suit":"spqr","value":3},"spqr_3b":{"suit":"spqr","value":3},"spqr_4a":{"suit":"spqr","value":4},"spqr_4b":{"suit":"spqr","value":4},"spqr_5a":{"suit":"spqr","value":5},"spqr_5b":{"suit":"spqr","value":5},"spqr_6a":{"suit":"spqr","value":6},"spqr_6b":{"suit":"spqr","value":6},"spqr_7a":{"suit":"spqr","value":7},"spqr_7b":{"suit":"spqr","value":7},"spqr_8a":{"suit":"spqr","value":8},"spqr_9a":{"suit":"spqr","value":9},"gold_1a":{"suit":"gold","value":1},"gold_1b":{"suit":"gold","value":1},"gold_2a":{"suit":"gold","value":2},"gold_2b":{"suit":"gold","value":2},"gold_2c":{"suit":"gold","value":2},"gold_3a":{"suit":"gold","value":3},"gold_3b":{"suit":"gold","value":3},"gold_4a":{"suit":"gold","value":4}},"candidates":{"maximinus":{"a":{"name":"Maximinus Thrax","military":4,"spqr":0,"praetorian":2,"ability":"modifier","params":{"goths":2},"text":"+2 against the Goths"},"b":{"name":"Aurelian","military":4,"spqr":1,"praetorian":2,"ability":"modifier","params":{"palmyra":4,"goths":1},"text":"+4 against Palmyra, +1 against the Goths"},"source":"RECONSTRUCTED"},"gordian1":{"a":{"name":"Gordian I","military":0,"spqr":4,"praetorian":1,"ability":"success_bonus","params":{"points":1},"text":"+1 VP when he solves a crisis"},"b":{"name":"Tacitus","military":1,"spqr":4,"praetorian":0,"ability":"election","params":{"spqr":2},"text":"+2 worth in SPQR elections"},"source":"designer sample card (Gordian I: A side, no Military); RECONSTRUCTED (the rest)"},"gordian2":{"a":{"name":"Gordian II","military":2,"spqr":3,"praetorian":0,"ability":"modifier","params":{"spqr":1},"text":"+1 against SPQR crises"},"b":{"name":"Quintillus","military":1,"spqr":3,"praetorian":1,"ability":"election","params":{"spqr":1},"text":"+1 worth in SPQR elections"},"source":"RECONSTRUCTED"},"pupienus":{"a":{"name":"Pupienus","military":3,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":2},"text":"+2 against the Goths"},"b":{"name":"Claudius Gothicus","military":4,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":5},"text":"+5 against the Goths"},"source":"RECONSTRUCTED"},"balbinus":{"a":{"name":"Balbinus","military":1,"spqr":4,"praetorian":0,"ability":"modifier","params":{"spqr":2},"text":"+2 against SPQR crises"},"b":{"name":"Valerian","military":2,"spqr":3,"praetorian":1,"ability":"modifier","params":{"persians":-2,"spqr":1},"text":"-2 against Persia, +1 against SPQR crises"},"source":"RECONSTRUCTED"},"gordian3":{"a":{"name":"Gordian III","military":1,"spqr":2,"praetorian":3,"ability":"modifier","params":{"persians":2},"text":"+2 against Persia"},"b":{"name":"Numerian","military":1,"spqr":1,"praetorian":3,"ability":"modifier","params":{"persians":1},"text":"+1 against Persia"},"source":"RECONSTRUCTED"},"philip":{"a":{"name":"Philip the Arab","military":1,"spqr":2,"praetorian":4,"ability":"election","params":{"praetorian":2},"text":"+2 worth in Praetorian elections"},"b":{"name":"Carus","military":3,"spqr":0,"praetorian":3,"ability":"modifier","params":{"persians":4},"text":"+4 against Persia"},"source":"RECONSTRUCTED"},"decius":{"a":{"name":"Decius","military":3,"spqr":3,"praetorian":0,"ability":"modifier","params":{"goths":-2,"spqr":1},"text":"-2 against the Goths, +1 against SPQR crises"},"b":{"name":"Gallienus","military":2,"spqr":2,"praetorian":2,"ability":"success_bonus","params":{"points":1},"text":"+1 VP when he solves a crisis"},"source":"RECONSTRUCTED"},"gallus":{"a":{"name":"Trebonianus Gallus","military":3,"spqr":1,"praetorian":1,"ability":"gallus","params":{},"text":"Against the Goths each Gold card he uses first cancels one Goths card"},"b":{"name":"Probus","military":2,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":6,"persians":-3},"text":"+6 against the Goths, -3 against Persia"},"source":"rules (Trebonianus Gallus''s ability); designer sample card (Probus); RECONSTRUCTED (the rest)"},"aemilian":{"a":{"name":"Aemilius Aemilianus","military":3,"spqr":1,"praetorian":1,"ability":"aemilian","params":{},"text":"On becoming Emperor, moves a Goths card from a rival''s candidate onto himself"},"b":{"name":"Florianus","military":1,"spqr":2,"praetorian":2,"ability":"florianus","params":{},"text":"On becoming Emperor, takes back the three lesser offices and hands them out again"},"source":"rules (both abilities); RECONSTRUCTED (ratings, pairing)"}},"offices":{"emperor":{"name":"Emperor","category":"","bonus":{"military":0,"spqr":0,"praetorian":0},"success":4,"source":"rules (office); RECONSTRUCTED (success points)"},"legatus":{"name":"Legatus","category":"military","bonus":{"military":3,"spqr":0,"praetorian":0},"success":3,"source":"designer sample card (+3 Military); RECONSTRUCTED (success points)"},"cavalry":{"name":"Cavalry Commander","category":"military","bonus":{"military":2,"spqr":0,"praetorian":1},"success":0,"source":"rules (Military office); RECONSTRUCTED (bonuses)"},"prefect":{"name":"Praetorian Prefect","category":"praetorian","bonus":{"military":0,"spqr":0,"praetorian":3},"success":0,"source":"RECONSTRUCTED (category from the name, bonuses)"},"senate":{"name":"Senate Leader","category":"spqr","bonus":{"military":0,"spqr":3,"praetorian":0},"success":0,"source":"RECONSTRUCTED (category from the name, bonuses)"}},"suit_names":{"goths":"Goths","persians":"Persians","palmyra":"Palmyra","spqr":"SPQR","gold":"Gold"},"provisional":["influence.goths","influence.persians","influence.palmyra","influence.spqr","influence.gold","offices.emperor","offices.legatus","offices.cavalry","offices.prefect","offices.senate","candidates.maximinus","candidates.gordian1","candidates.gordian2","candidates.pupienus","candidates.balbinus","candidates.gordian3","candidates.philip","candidates.decius","candidates.gallus","candidates.aemilian"]},"rng":{"key":"e7e1de1e5f1bf2321a8f0f32dab002a20de721b651921071bfb327df114a4af6","counter":53,"seed":0,"draws":53,"script":[],"chance":null},"players":[{"role":"green","hand":["palmyra_5a","persians_5a","persians_2a","goths_5a","gold_3b"],"candidates":["balbinus","maximinus"],"vp":0},{"role":"blue","hand":["spqr_7b","goths_5b","persians_7a","persians_4b","palmyra_2b"],"candidates":["decius","gallus"],"vp":0}],"dealer":1,"method":"spqr","chooser":null,"faces":{"maximinus":"a","gordian1":"a","gordian2":"a","pupienus":"a","balbinus":"a","gordian3":"a","philip":"a","decius":"a","gallus":"a","aemilian":"a"},"deck":["goths_3a","spqr_3a","spqr_4a","palmyra_6a","gold_1a","spqr_8a","palmyra_3a","gold_3a","goths_2a","gold_4a","goths_4b","spqr_6a","palmyra_2a","spqr_4b","spqr_3b","spqr_6b","philip","pupienus","aemilian","gordian1","gordian3","gordian2","gold_2b","persians_3b","palmyra_4a","palmyra_4b","goths_2b","goths_7a","persians_3a","persians_2b","gold_1b","spqr_5a","spqr_7a","goths_3b","goths_4a","goths_6a","spqr_5b","gold_2a","persians_4a","spqr_9a","gold_2c","persians_5b","palmyra_3b","persians_6a"],"discard":[],"removed":[],"pool":[],"revealed":[],"order":[],"played_on":{"balbinus":[],"decius":[],"gallus":[],"maximinus":[]},"offices":{"emperor":null,"cavalry":"balbinus","prefect":"gallus","senate":"decius"},"pending":[],"placing":null,"appointee":null,"received":[],"declined":[],"crises":{},"loose_gold":[],"chosen":{},"auction":{"nominees":{"green":"balbinus","blue":"decius"},"dropped":[],"nominating":[],"eligible_all":false,"bidder":"green","bid":[]},"address":null,"emperor":null,"last_emperor":null,"removals":0,"turn":1,"step":"bidding","stack":[],"reveals":1,"version":15,"log":["blue is the first dealer and deals two cards to each player","blue sets the selection method to spqr","green drafts Balbinus","blue drafts Decius","blue drafts Trebonianus Gallus","green drafts Maximinus Thrax","green makes Balbinus Cavalry Commander","blue makes Trebonianus Gallus Praetorian Prefect","blue makes Decius Senate Leader","The dealer puts 6 candidates into the middle of the deck","Turn 1: blue deals","green drafts Persians 2","blue drafts Persians 7","blue drafts Persians 4","green drafts Goths 5","green drafts Gold 3","blue drafts Palmyra 2","green puts forward Balbinus (worth 4)","blue puts forward Decius (worth 6)"],"final":null}', '["green"]', NULL, 'aYYuUl5H', NULL, 1795576299, 1795576300);
INSERT INTO public.games VALUES ('aYYuUl5H', 'rome_in_crisis', 1234, '1234', '{"players": 2}', 'finished', 218, '{"options":{"players":2,"dealer":null,"cards":null},"cards":{"influence":{"goths_2a":{"suit":"goths","value":2},"goths_2b":{"suit":"goths","value":2},"goths_3a":{"suit":"goths","value":3},"goths_3b":{"suit":"goths","value":3},"goths_4a":{"suit":"goths","value":4},"goths_4b":{"suit":"goths","value":4},"goths_5a":{"suit":"goths","value":5},"goths_5b":{"suit":"goths","value":5},"goths_6a":{"suit":"goths","value":6},"goths_7a":{"suit":"goths","value":7},"persians_2a":{"suit":"persians","value":2},"persians_2b":{"suit":"persians","value":2},"persians_3a":{"suit":"persians","value":3},"persians_3b":{"suit":"persians","value":3},"persians_4a":{"suit":"persians","value":4},"persians_4b":{"suit":"persians","value":4},"persians_5a":{"suit":"persians","value":5},"persians_5b":{"suit":"persians","value":5},"persians_6a":{"suit":"persians","value":6},"persians_7a":{"suit":"persians","value":7},"palmyra_2a":{"suit":"palmyra","value":2},"palmyra_2b":{"suit":"palmyra","value":2},"palmyra_3a":{"suit":"palmyra","value":3},"palmyra_3b":{"suit":"palmyra","value":3},"palmyra_4a":{"suit":"palmyra","value":4},"palmyra_4b":{"suit":"palmyra","value":4},"palmyra_5a":{"suit":"palmyra","value":5},"palmyra_6a":{"suit":"palmyra","value":6},"spqr_3a":{"suit":"spqr","value":3},"spqr_3b":{"suit":"spqr","value":3},"spqr_4a":{"suit":"spqr","value":4},"spqr_4b":{"suit":"spqr","value":4},"spqr_5a":{"suit":"spqr","value":5},"spqr_5b":{"suit":"spqr","value":5},"spqr_6a":{"suit":"spqr","value":6},"spqr_6b":{"suit":"spqr","value":6},"spqr_7a":{"suit":"spqr","value":7},"spqr_7b":{"suit":"spqr","value":7},"spqr_8a":{"suit":"spqr","value":8},"spqr_9a":{"suit":"spqr","value":9},"gold_1a":{"suit":"gold","value":1},"gold_1b":{"suit":"gold","value":1},"gold_2a":{"suit":"gold","value":2},"gold_2b":{"suit":"gold","value":2},"gold_2c":{"suit":"gold","value":2},"gold_3a":{"suit":"gold","value":3},"gold_3b":{"suit":"gold","value":3},"gold_4a":{"suit":"gold","value":4}},"candidates":{"maximinus":{"a":{"name":"Maximinus Thrax","military":4,"spqr":0,"praetorian":2,"ability":"modifier","params":{"goths":2},"text":"+2 against the Goths"},"b":{"name":"Aurelian","military":4,"spqr":1,"praetorian":2,"ability":"modifier","params":{"palmyra":4,"goths":1},"text":"+4 against Palmyra, +1 against the Goths"},"source":"RECONSTRUCTED"},"gordian1":{"a":{"name":"Gordian I","military":0,"spqr":4,"praetorian":1,"ability":"success_bonus","params":{"points":1},"text":"+1 VP when he solves a crisis"},"b":{"name":"Tacitus","military":1,"spqr":4,"praetorian":0,"ability":"election","params":{"spqr":2},"text":"+2 worth in SPQR elections"},"source":"designer sample card (Gordian I: A side, no Military); RECONSTRUCTED (the rest)"},"gordian2":{"a":{"name":"Gordian II","military":2,"spqr":3,"praetorian":0,"ability":"modifier","params":{"spqr":1},"text":"+1 against SPQR crises"},"b":{"name":"Quintillus","military":1,"spqr":3,"praetorian":1,"ability":"election","params":{"spqr":1},"text":"+1 worth in SPQR elections"},"source":"RECONSTRUCTED"},"pupienus":{"a":{"name":"Pupienus","military":3,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":2},"text":"+2 against the Goths"},"b":{"name":"Claudius Gothicus","military":4,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":5},"text":"+5 against the Goths"},"source":"RECONSTRUCTED"},"balbinus":{"a":{"name":"Balbinus","military":1,"spqr":4,"praetorian":0,"ability":"modifier","params":{"spqr":2},"text":"+2 against SPQR crises"},"b":{"name":"Valerian","military":2,"spqr":3,"praetorian":1,"ability":"modifier","params":{"persians":-2,"spqr":1},"text":"-2 against Persia, +1 against SPQR crises"},"source":"RECONSTRUCTED"},"gordian3":{"a":{"name":"Gordian III","military":1,"spqr":2,"praetorian":3,"ability":"modifier","params":{"persians":2},"text":"+2 against Persia"},"b":{"name":"Numerian","military":1,"spqr":1,"praetorian":3,"ability":"modifier","params":{"persians":1},"text":"+1 against Persia"},"source":"RECONSTRUCTED"},"philip":{"a":{"name":"Philip the Arab","military":1,"spqr":2,"praetorian":4,"ability":"election","params":{"praetorian":2},"text":"+2 worth in Praetorian elections"},"b":{"name":"Carus","military":3,"spqr":0,"praetorian":3,"ability":"modifier","params":{"persians":4},"text":"+4 against Persia"},"source":"RECONSTRUCTED"},"decius":{"a":{"name":"Decius","military":3,"spqr":3,"praetorian":0,"ability":"modifier","params":{"goths":-2,"spqr":1},"text":"-2 against the Goths, +1 against SPQR crises"},"b":{"name":"Gallienus","military":2,"spqr":2,"praetorian":2,"ability":"success_bonus","params":{"points":1},"text":"+1 VP when he solves a crisis"},"source":"RECONSTRUCTED"},"gallus":{"a":{"name":"Trebonianus Gallus","military":3,"spqr":1,"praetorian":1,"ability":"gallus","params":{},"text":"Against the Goths each Gold card he uses first cancels one Goths card"},"b":{"name":"Probus","military":2,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":6,"persians":-3},"text":"+6 against the Goths, -3 against Persia"},"source":"rules (Trebonianus Gallus''s ability); designer sample card (Probus); RECONSTRUCTED (the rest)"},"aemilian":{"a":{"name":"Aemilius Aemilianus","military":3,"spqr":1,"praetorian":1,"ability":"aemilian","params":{},"text":"On becoming Emperor, moves a Goths card from a rival''s candidate onto himself"},"b":{"name":"Florianus","military":1,"spqr":2,"praetorian":2,"ability":"florianus","params":{},"text":"On becoming Emperor, takes back the three lesser offices and hands them out again"},"source":"rules (both abilities); RECONSTRUCTED (ratings, pairing)"}},"offices":{"emperor":{"name":"Emperor","category":"","bonus":{"military":0,"spqr":0,"praetorian":0},"success":4,"source":"rules (office); RECONSTRUCTED (success points)"},"legatus":{"name":"Legatus","category":"military","bonus":{"military":3,"spqr":0,"praetorian":0},"success":3,"source":"designer sample card (+3 Military); RECONSTRUCTED (success points)"},"cavalry":{"name":"Cavalry Commander","category":"military","bonus":{"military":2,"spqr":0,"praetorian":1},"success":0,"source":"rules (Military office); RECONSTRUCTED (bonuses)"},"prefect":{"name":"Praetorian Prefect","category":"praetorian","bonus":{"military":0,"spqr":0,"praetorian":3},"success":0,"source":"RECONSTRUCTED (category from the name, bonuses)"},"senate":{"name":"Senate Leader","category":"spqr","bonus":{"military":0,"spqr":3,"praetorian":0},"success":0,"source":"RECONSTRUCTED (category from the name, bonuses)"}},"suit_names":{"goths":"Goths","persians":"Persians","palmyra":"Palmyra","spqr":"SPQR","gold":"Gold"},"provisional":["influence.goths","influence.persians","influence.palmyra","influence.spqr","influence.gold","offices.emperor","offices.legatus","offices.cavalry","offices.prefect","offices.senate","candidates.maximinus","candidates.gordian1","candidates.gordian2","candidates.pupienus","candidates.balbinus","candidates.gordian3","candidates.philip","candidates.decius","candidates.gallus","candidates.aemilian"]},"rng":{"key":"f321fffc9d59322135c6911c1561bd1b38a44046d18022e7725f7954d4faa9cc","counter":86,"seed":0,"draws":86,"script":[],"chance":null},"players":[{"role":"green","hand":["persians_6a","persians_3b","goths_2b","goths_4a","goths_2a"],"candidates":["philip","gordian2"],"vp":6},{"role":"blue","hand":["spqr_4a","palmyra_5a","spqr_5a","goths_4b","palmyra_3a"],"candidates":[],"vp":18}],"dealer":1,"method":"praetorian","chooser":null,"faces":{"maximinus":"b","gordian1":"b","gordian2":"b","pupienus":"b","balbinus":"b","gordian3":"b","philip":"b","decius":"b","gallus":"b","aemilian":"b"},"deck":["gallus","balbinus","aemilian","persians_2b","gold_1a","goths_3b","persians_7a","palmyra_3b","palmyra_2b","gold_3b","gold_3a","maximinus"],"discard":["pupienus","persians_2a","persians_5a","persians_5b","palmyra_2a","goths_6a","persians_4b","decius","gold_2b","persians_3a","persians_4a","gold_4a","gold_1b","spqr_3a","spqr_9a","gold_2a"],"removed":["gordian3","gordian1"],"pool":[],"revealed":[],"order":[],"played_on":{"philip":[],"gordian2":["spqr_5b","spqr_8a","spqr_4b"]},"offices":{"emperor":null,"cavalry":null,"prefect":"philip","senate":"gordian2"},"pending":[],"placing":null,"appointee":null,"received":[],"declined":[],"crises":{"spqr":["spqr_6b","spqr_6a","spqr_7a","spqr_7b","spqr_3b","gold_2c"],"goths":["goths_3a","goths_5a","goths_5b","goths_7a"],"palmyra":["palmyra_6a","palmyra_4a","palmyra_4b"]},"loose_gold":[],"chosen":{},"auction":{"nominees":{"green":"gordian2","blue":"gordian1"},"dropped":["green"],"nominating":[],"eligible_all":false,"bidder":null,"bid":[]},"address":null,"emperor":null,"last_emperor":"blue","removals":2,"turn":12,"step":"over","stack":[],"reveals":28,"version":218,"log":["blue is the first dealer and deals two cards to each player","blue sets the selection method to spqr","green drafts Aemilius Aemilianus","blue drafts Maximinus Thrax","blue drafts Gordian III","green makes Aemilius Aemilianus Praetorian Prefect","green drafts Gordian II","blue makes Gordian III Cavalry Commander","green makes Gordian II Senate Leader","The dealer puts 6 candidates into the middle of the deck","Turn 1: blue deals","green drafts Persians 7","blue drafts SPQR 3","blue drafts SPQR 7","green drafts Goths 3","green drafts Persians 4","blue drafts SPQR 6","green puts forward Aemilius Aemilianus (worth 1)","blue puts forward Gordian III (worth 2)","green passes","Gordian III (blue) becomes Emperor","green sets the selection method to praetorian","Gordian III gives up the Cavalry Commander","Maximinus Thrax (blue) becomes Cavalry Commander","blue chooses a card face down","green chooses a card face down","green reveals Persians 7","blue reveals SPQR 6","The Emperor addresses the spqr crisis (6)","Strength 0 against the spqr crisis","The spqr crisis survives; 0 card(s) discarded: 0 VP","Gordian III dies; his card turns to Numerian and is discarded","green takes the deck","Turn 2: green deals","blue drafts Gold 2","green drafts SPQR 9","green drafts Goths 2","blue drafts SPQR 6","blue drafts SPQR 5","green drafts Palmyra 2","blue puts forward Maximinus Thrax (worth 3)","green puts forward Aemilius Aemilianus (worth 4)","blue passes","Aemilius Aemilianus (green) becomes Emperor","blue sets the selection method to military","Aemilius Aemilianus gives up the Praetorian Prefect","blue keeps his offices rather than take the Praetorian Prefect","No candidate can hold the Praetorian Prefect: set aside","Aemilius Aemilianus finds no Goths card to take","blue chooses a card face down","green chooses a card face down","blue reveals Gold 2","green reveals Goths 3","1 Gold card(s) join the persians crisis","The Emperor addresses the spqr crisis (6)","The Emperor plays Gold 1","Strength 1 against the spqr crisis","The spqr crisis survives; 0 card(s) discarded: 0 VP","Aemilius Aemilianus dies; his card turns to Florianus and is discarded","blue takes the deck","Turn 3: blue deals","green drafts Palmyra 6","blue drafts Persians 2","blue drafts Goths 2","green drafts Persians 2","green drafts Gold 3","blue drafts Palmyra 3","green puts forward Gordian II (worth 2)","blue puts forward Maximinus Thrax (worth 6)","green plays Persians 2","green plays Palmyra 4","green leads with 8","blue passes","Gordian II (green) becomes Emperor","blue sets the selection method to praetorian","Gordian II gives up the Senate Leader","Maximinus Thrax gives up the Cavalry Commander","Maximinus Thrax (blue) becomes Praetorian Prefect","No candidate can hold the Cavalry Commander: set aside","No candidate can hold the Senate Leader: set aside","blue chooses a card face down","green chooses a card face down","green reveals SPQR 9","blue reveals SPQR 6","1 Gold card(s) join the spqr crisis","The Emperor addresses the persians crisis (7)","The Emperor plays Gold 3","Strength 9 against the persians crisis","The Emperor solves the persians crisis: green scores 4","Gordian II dies; his card turns to Quintillus and is discarded","green takes the deck","Turn 4: green deals","blue drafts Gold 3","green drafts Palmyra 5","green drafts Palmyra 3","blue drafts Gold 2","blue drafts Trebonianus Gallus into play","green drafts Gordian I into play","blue puts forward Maximinus Thrax (worth 5)","green puts forward Gordian I (worth 1)","green passes","Maximinus Thrax (blue) becomes Emperor","green sets the selection method to military","Maximinus Thrax gives up the Praetorian Prefect","Trebonianus Gallus (blue) becomes Cavalry Commander","Gordian I (green) becomes Praetorian Prefect","No candidate can hold the Senate Leader: set aside","blue chooses a card face down","green chooses a card face down","blue reveals SPQR 5","green reveals Palmyra 5","1 Gold card(s) join the spqr crisis","The Emperor addresses the goths crisis (3)","The Emperor plays Gold 3","The Emperor plays Goths 4","The Emperor plays Goths 2","The Emperor plays Gold 2","Strength 13 against the goths crisis","The Emperor solves the goths crisis: blue scores 4","Maximinus Thrax dies; his card turns to Aurelian and is discarded","blue takes the deck","Turn 5: blue deals","green drafts Gold 1","blue drafts Balbinus into play","blue drafts Goths 4","green drafts Pupienus into play","green drafts Philip the Arab into play","blue drafts Decius into play","green puts forward Philip the Arab (worth 1)","blue puts forward Trebonianus Gallus (worth 5)","green plays Palmyra 6","green plays Goths 2","green plays Gold 1","green leads with 10","blue plays Goths 4","blue plays Palmyra 3","blue leads with 12","green plays Palmyra 2","green plays Palmyra 3","green leads with 15","blue passes","Philip the Arab (green) becomes Emperor","blue sets the selection method to spqr","Balbinus (blue) becomes Senate Leader","blue chooses a card face down","green chooses a card face down","green reveals Persians 4","blue reveals Persians 2","1 Gold card(s) join the spqr crisis","The Emperor addresses the spqr crisis (28)","Strength 14 against the spqr crisis","The spqr crisis survives; 2 card(s) discarded: 2 VP","Philip the Arab dies; his card turns to Carus and is discarded","green takes the deck","Turn 6: green deals","blue drafts Goths 6","green drafts Persians 6","green drafts Persians 3","blue drafts Goths 3","blue drafts SPQR 5","green drafts Palmyra 4","blue puts forward Balbinus (worth 7)","green puts forward Pupienus (worth 2)","green passes","Balbinus (blue) becomes Emperor","green sets the selection method to military","Balbinus gives up the Senate Leader","Pupienus (green) becomes Senate Leader","blue chooses a card face down","green chooses a card face down","blue reveals SPQR 7","green reveals Palmyra 4","1 Gold card(s) join the spqr crisis","The Emperor addresses the palmyra crisis (9)","Strength 0 against the palmyra crisis","The palmyra crisis survives; 0 card(s) discarded: 0 VP","Balbinus dies; his card turns to Valerian and is discarded","Turn 7: green deals","blue drafts SPQR 4","green drafts Goths 5","green drafts SPQR 7","blue drafts Persians 5","blue drafts Gold 4","green drafts Persians 5","blue puts forward Trebonianus Gallus (worth 12)","green puts forward Pupienus (worth 3)","green passes","Trebonianus Gallus (blue) becomes Emperor","green sets the selection method to praetorian","Trebonianus Gallus gives up the Cavalry Commander","Decius (blue) becomes Cavalry Commander","blue chooses a card face down","green chooses a card face down","blue reveals Goths 3","green reveals SPQR 7","1 Gold card(s) join the spqr crisis","The Emperor addresses the palmyra crisis (9)","The Emperor plays Gold 4","Strength 11 against the palmyra crisis","The Emperor solves the palmyra crisis: blue scores 4","Trebonianus Gallus dies; his card turns to Probus and is discarded","blue takes the deck","Turn 8: blue deals","green drafts SPQR 8","blue drafts Goths 5","blue drafts SPQR 4","green drafts Persians 3","green drafts Goths 7","blue drafts Gold 2","green puts forward Gordian I (worth 4)","blue has no candidate to put forward","Gordian I (green) becomes Emperor","blue sets the selection method to spqr","Gordian I gives up the Praetorian Prefect","No candidate can hold the Praetorian Prefect: set aside","blue chooses a card face down","green chooses a card face down","green reveals Goths 5","blue reveals Goths 5","1 Gold card(s) join the spqr crisis","The Emperor addresses the spqr crisis (28)","Strength 0 against the spqr crisis","The spqr crisis survives; 0 card(s) discarded: 0 VP","Gordian I dies; his card turns to Tacitus and is discarded","Turn 9: blue deals","Not enough cards: each player takes one from the player to his left","green moves SPQR 4 from blue''s hand to the middle","blue moves Persians 3 from green''s hand to the middle","green moves SPQR 5 from blue''s hand to the middle","blue moves Persians 3 from green''s hand to the middle","green drafts Persians 3","blue drafts Persians 3","blue drafts Palmyra 2","green drafts SPQR 4","green drafts SPQR 5","blue drafts SPQR 3","The discards are shuffled into a new deck of 30 cards","green puts forward Pupienus (worth 5)","blue puts forward Decius (worth 3)","blue passes","Pupienus (green) becomes Emperor","blue sets the selection method to military","Pupienus gives up the Senate Leader","Decius gives up the Cavalry Commander","Decius (blue) becomes Senate Leader","No candidate can hold the Cavalry Commander: set aside","No candidate can hold the Praetorian Prefect: set aside","blue chooses a card face down","green chooses a card face down","green reveals Persians 5","blue reveals Persians 5","1 Gold card(s) join the spqr crisis","The Emperor addresses the spqr crisis (28)","Strength 0 against the spqr crisis","The spqr crisis survives; 0 card(s) discarded: 0 VP","Pupienus dies; his card turns to Claudius Gothicus and is discarded","Turn 10: blue deals","green drafts Numerian into play","blue drafts Gold 1","blue drafts Palmyra 5","green drafts Goths 2","green drafts Carus into play","blue drafts SPQR 5","green puts forward Carus (worth 3)","blue puts forward Decius (worth 3)","blue plays Palmyra 2","blue plays Goths 6","blue plays Persians 4","blue leads with 15","green passes","Decius (blue) becomes Emperor","green sets the selection method to praetorian","Decius gives up the Senate Leader","Carus (green) becomes Cavalry Commander","Numerian (green) becomes Senate Leader","No candidate can hold the Praetorian Prefect: set aside","blue chooses a card face down","green chooses a card face down","green reveals Goths 7","blue reveals SPQR 3","1 Gold card(s) join the spqr crisis","The Emperor addresses the persians crisis (16)","Strength 12 against the persians crisis","The persians crisis survives; 3 card(s) discarded: 3 VP","Decius dies; his card turns to Gallienus and is discarded","Turn 11: blue deals","green drafts Palmyra 4","blue drafts Tacitus into play","blue drafts Gold 4","green drafts Gold 2","green drafts Palmyra 6","blue drafts Goths 4","green puts forward Numerian (worth 3)","blue has no candidate to put forward","Numerian (green) becomes Emperor","blue sets the selection method to spqr","Numerian gives up the Senate Leader","Carus gives up the Cavalry Commander","Carus (green) becomes Praetorian Prefect","Tacitus (blue) becomes Senate Leader","No candidate can hold the Cavalry Commander: set aside","blue chooses a card face down","green chooses a card face down","green reveals Palmyra 6","blue reveals Persians 3","1 Gold card(s) join the spqr crisis","The Emperor addresses the goths crisis (20)","The Emperor plays Gold 2","Strength 2 against the goths crisis","The goths crisis survives; 0 card(s) discarded: 0 VP","Numerian dies and leaves the game","Turn 12: blue deals","green drafts Goths 4","blue drafts Palmyra 3","blue drafts SPQR 9","green drafts Quintillus into play","green drafts Goths 2","blue drafts Palmyra 4","green puts forward Quintillus (worth 4)","blue puts forward Tacitus (worth 9)","green plays SPQR 5","green plays SPQR 8","green plays SPQR 4","green leads with 21","blue plays Gold 4","blue plays Gold 1","blue plays SPQR 3","blue plays SPQR 9","blue plays Gold 2","blue leads with 28","green passes","Tacitus (blue) becomes Emperor","green sets the selection method to praetorian","Tacitus gives up the Senate Leader","Quintillus (green) becomes Senate Leader","green keeps his offices rather than take the Cavalry Commander","No candidate can hold the Cavalry Commander: set aside","blue chooses a card face down","green chooses a card face down","green reveals Palmyra 4","blue reveals Palmyra 4","1 Gold card(s) join the spqr crisis","The Emperor addresses the persians crisis (7)","Strength 19 against the persians crisis","The Emperor solves the persians crisis: blue scores 4","Tacitus dies and leaves the game","The game ends: blue, the last Emperor''s player, scores 3","Game over: blue wins"],"final":{"reason":"second Emperor removed from the game","bonus":{"blue":3},"scores":{"green":6,"blue":18},"ranking":["blue","green"],"winner":"blue","winners":["blue"],"tie_break":{"green":34,"blue":21},"tie_break_rolls":{}}}', '[]', '{"reason": "second Emperor removed from the game", "bonus": {"blue": 3}, "scores": {"green": 6, "blue": 18}, "ranking": ["blue", "green"], "winner": "blue", "winners": ["blue"], "tie_break": {"green": 34, "blue": 21}, "tie_break_rolls": {}}', NULL, 'Le0ODQrO', 1795576296, 1795576299);
INSERT INTO public.games VALUES ('0mzxW9fk', 'rome_in_crisis', 0, '"7b8788761f1232b07ff2043c33cc9235ed2be48c69c4727e6ad25763022bc09a"', '{"players": 3}', 'playing', 40, '{"options":{"players":3,"dealer":null,"cards":null},"cards":{"influence":{"goths_2a":{"suit":"goths","value":2},"goths_2b":{"suit":"goths","value":2},"goths_3a":{"suit":"goths","value":3},"goths_3b":{"suit":"goths","value":3},"goths_4a":{"suit":"goths","value":4},"goths_4b":{"suit":"goths","value":4},"goths_5a":{"suit":"goths","value":5},"goths_5b":{"suit":"goths","value":5},"goths_6a":{"suit":"goths","value":6},"goths_7a":{"suit":"goths","value":7},"persians_2a":{"suit":"persians","value":2},"persians_2b":{"suit":"persians","value":2},"persians_3a":{"suit":"persians","value":3},"persians_3b":{"suit":"persians","value":3},"persians_4a":{"suit":"persians","value":4},"persians_4b":{"suit":"persians","value":4},"persians_5a":{"suit":"persians","value":5},"persians_5b":{"suit":"persians","value":5},"persians_6a":{"suit":"persians","value":6},"persians_7a":{"suit":"persians","value":7},"palmyra_2a":{"suit":"palmyra","value":2},"palmyra_2b":{"suit":"palmyra","value":2},"palmyra_3a":{"suit":"palmyra","value":3},"palmyra_3b":{"suit":"palmyra","value":3},"palmyra_4a":{"suit":"palmyra","value":4},"palmyra_4b":{"suit":"palmyra","value":4},"palmyra_5a":{"suit":"palmyra","value":5},"palmyra_6a":{"suit":"palmyra","value":6},"spqr_3a":{"suit":"spqr","value":3},"spqr_3b":{"suit":"spqr","value":3},"spqr_4a":{"suit":"spqr","value":4},"spqr_4b":{"suit":"spqr","value":4},"spqr_5a":{"suit":"spqr","value":5},"spqr_5b":{"suit":"spqr","value":5},"spqr_6a":{"suit":"spqr","value":6},"spqr_6b":{"suit":"spqr","value":6},"spqr_7a":{"suit":"spqr","value":7},"spqr_7b":{"suit":"spqr","value":7},"spqr_8a":{"suit":"spqr","value":8},"spqr_9a":{"suit":"spqr","value":9},"gold_1a":{"suit":"gold","value":1},"gold_1b":{"suit":"gold","value":1},"gold_2a":{"suit":"gold","value":2},"gold_2b":{"suit":"gold","value":2},"gold_2c":{"suit":"gold","value":2},"gold_3a":{"suit":"gold","value":3},"gold_3b":{"suit":"gold","value":3},"gold_4a":{"suit":"gold","value":4}},"candidates":{"maximinus":{"a":{"name":"Maximinus Thrax","military":4,"spqr":0,"praetorian":2,"ability":"modifier","params":{"goths":2},"text":"+2 against the Goths"},"b":{"name":"Aurelian","military":4,"spqr":1,"praetorian":2,"ability":"modifier","params":{"palmyra":4,"goths":1},"text":"+4 against Palmyra, +1 against the Goths"},"source":"RECONSTRUCTED"},"gordian1":{"a":{"name":"Gordian I","military":0,"spqr":4,"praetorian":1,"ability":"success_bonus","params":{"points":1},"text":"+1 VP when he solves a crisis"},"b":{"name":"Tacitus","military":1,"spqr":4,"praetorian":0,"ability":"election","params":{"spqr":2},"text":"+2 worth in SPQR elections"},"source":"designer sample card (Gordian I: A side, no Military); RECONSTRUCTED (the rest)"},"gordian2":{"a":{"name":"Gordian II","military":2,"spqr":3,"praetorian":0,"ability":"modifier","params":{"spqr":1},"text":"+1 against SPQR crises"},"b":{"name":"Quintillus","military":1,"spqr":3,"praetorian":1,"ability":"election","params":{"spqr":1},"text":"+1 worth in SPQR elections"},"source":"RECONSTRUCTED"},"pupienus":{"a":{"name":"Pupienus","military":3,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":2},"text":"+2 against the Goths"},"b":{"name":"Claudius Gothicus","military":4,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":5},"text":"+5 against the Goths"},"source":"RECONSTRUCTED"},"balbinus":{"a":{"name":"Balbinus","military":1,"spqr":4,"praetorian":0,"ability":"modifier","params":{"spqr":2},"text":"+2 against SPQR crises"},"b":{"name":"Valerian","military":2,"spqr":3,"praetorian":1,"ability":"modifier","params":{"persians":-2,"spqr":1},"text":"-2 against Persia, +1 against SPQR crises"},"source":"RECONSTRUCTED"},"gordian3":{"a":{"name":"Gordian III","military":1,"spqr":2,"praetorian":3,"ability":"modifier","params":{"persians":2},"text":"+2 against Persia"},"b":{"name":"Numerian","military":1,"spqr":1,"praetorian":3,"ability":"modifier","params":{"persians":1},"text":"+1 against Persia"},"source":"RECONSTRUCTED"},"philip":{"a":{"name":"Philip the Arab","military":1,"spqr":2,"praetorian":4,"ability":"election","params":{"praetorian":2},"text":"+2 worth in Praetorian elections"},"b":{"name":"Carus","military":3,"spqr":0,"praetorian":3,"ability":"modifier","params":{"persians":4},"text":"+4 against Persia"},"source":"RECONSTRUCTED"},"decius":{"a":{"name":"Decius","military":3,"spqr":3,"praetorian":0,"ability":"modifier","params":{"goths":-2,"spqr":1},"text":"-2 against the Goths, +1 against SPQR crises"},"b":{"name":"Gallienus","military":2,"spqr":2,"praetorian":2,"ability":"success_bonus","params":{"points":1},"text":"+1 VP when he solves a crisis"},"source":"RECONSTRUCTED"},"gallus":{"a":{"name":"Trebonianus Gallus","military":3,"spqr":1,"praetorian":1,"ability":"gallus","params":{},"text":"Against the Goths each Gold card he uses first cancels one Goths card"},"b":{"name":"Probus","military":2,"spqr":2,"praetorian":0,"ability":"modifier","params":{"goths":6,"persians":-3},"text":"+6 against the Goths, -3 against Persia"},"source":"rules (Trebonianus Gallus''s ability); designer sample card (Probus); RECONSTRUCTED (the rest)"},"aemilian":{"a":{"name":"Aemilius Aemilianus","military":3,"spqr":1,"praetorian":1,"ability":"aemilian","params":{},"text":"On becoming Emperor, moves a Goths card from a rival''s candidate onto himself"},"b":{"name":"Florianus","military":1,"spqr":2,"praetorian":2,"ability":"florianus","params":{},"text":"On becoming Emperor, takes back the three lesser offices and hands them out again"},"source":"rules (both abilities); RECONSTRUCTED (ratings, pairing)"}},"offices":{"emperor":{"name":"Emperor","category":"","bonus":{"military":0,"spqr":0,"praetorian":0},"success":4,"source":"rules (office); RECONSTRUCTED (success points)"},"legatus":{"name":"Legatus","category":"military","bonus":{"military":3,"spqr":0,"praetorian":0},"success":3,"source":"designer sample card (+3 Military); RECONSTRUCTED (success points)"},"cavalry":{"name":"Cavalry Commander","category":"military","bonus":{"military":2,"spqr":0,"praetorian":1},"success":0,"source":"rules (Military office); RECONSTRUCTED (bonuses)"},"prefect":{"name":"Praetorian Prefect","category":"praetorian","bonus":{"military":0,"spqr":0,"praetorian":3},"success":0,"source":"RECONSTRUCTED (category from the name, bonuses)"},"senate":{"name":"Senate Leader","category":"spqr","bonus":{"military":0,"spqr":3,"praetorian":0},"success":0,"source":"RECONSTRUCTED (category from the name, bonuses)"}},"suit_names":{"goths":"Goths","persians":"Persians","palmyra":"Palmyra","spqr":"SPQR","gold":"Gold"},"provisional":["influence.goths","influence.persians","influence.palmyra","influence.spqr","influence.gold","offices.emperor","offices.legatus","offices.cavalry","offices.prefect","offices.senate","candidates.maximinus","candidates.gordian1","candidates.gordian2","candidates.pupienus","candidates.balbinus","candidates.gordian3","candidates.philip","candidates.decius","candidates.gallus","candidates.aemilian"]},"rng":{"key":"7b8788761f1232b07ff2043c33cc9235ed2be48c69c4727e6ad25763022bc09a","counter":51,"seed":0,"draws":51,"script":[],"chance":null},"players":[{"role":"green","hand":["persians_3b","gold_1b","persians_7a","persians_5a"],"candidates":["decius","gordian2"],"vp":3},{"role":"blue","hand":["palmyra_4a","spqr_8a","gold_4a","spqr_7b","persians_6a"],"candidates":["gordian3"],"vp":4},{"role":"yellow","hand":["gold_2c","spqr_5a","palmyra_3a","gold_1a","spqr_7a","palmyra_2a"],"candidates":["maximinus","gallus"],"vp":0}],"dealer":1,"method":"spqr","chooser":null,"faces":{"maximinus":"a","gordian1":"a","gordian2":"a","pupienus":"a","balbinus":"a","gordian3":"a","philip":"b","decius":"a","gallus":"a","aemilian":"a"},"deck":["spqr_5b","persians_5b","persians_2a","aemilian","balbinus","pupienus","gordian1","palmyra_2b","persians_4b","gold_3a","spqr_4b","spqr_4a","goths_5b","palmyra_5a","goths_4b","spqr_6b","gold_2a","persians_3a","spqr_3b","persians_4a","spqr_9a","palmyra_3b","goths_3b","goths_5a","gold_3b","goths_6a","spqr_6a","persians_2b"],"discard":["palmyra_4b","goths_7a","goths_3a","gold_2b","goths_4a","palmyra_6a","philip"],"removed":[],"pool":[],"revealed":["goths_2a","goths_2b","spqr_3a"],"order":["yellow","green","blue"],"played_on":{"maximinus":[],"decius":[],"gordian3":[],"gallus":[],"gordian2":[]},"offices":{"emperor":null,"legatus":"decius","cavalry":"maximinus","prefect":"gallus","senate":"gordian2"},"pending":[],"placing":null,"appointee":null,"received":[],"declined":[],"crises":{},"loose_gold":[],"chosen":{},"auction":{"nominees":{"blue":"philip","yellow":"gallus"},"dropped":["green","yellow"],"nominating":[],"eligible_all":false,"bidder":null,"bid":[]},"address":null,"emperor":null,"last_emperor":"blue","removals":0,"turn":2,"step":"draft","stack":[],"reveals":3,"version":40,"log":["green is the first dealer and deals two cards to each player","green sets the selection method to praetorian","blue drafts Philip the Arab","yellow drafts Maximinus Thrax","green drafts Decius","green makes Decius Cavalry Commander","yellow makes Maximinus Thrax Legatus","blue makes Philip the Arab Praetorian Prefect","blue drafts Gordian III","yellow drafts Trebonianus Gallus","green drafts Gordian II","green makes Gordian II Senate Leader","The dealer puts 4 candidates into the middle of the deck","Turn 1: green deals","blue drafts SPQR 8","yellow drafts SPQR 5","green drafts Goths 3","green drafts Gold 2","yellow drafts Palmyra 3","blue drafts Gold 4","blue drafts Goths 4","yellow drafts Gold 1","green drafts Gold 1","blue puts forward Philip the Arab (worth 9)","yellow puts forward Trebonianus Gallus (worth 1)","green has no candidate to put forward","yellow passes","Philip the Arab (blue) becomes Emperor","green sets the selection method to spqr","Philip the Arab gives up the Praetorian Prefect","Decius gives up the Cavalry Commander","Decius (green) becomes Legatus","Maximinus Thrax (yellow) becomes Cavalry Commander","Trebonianus Gallus (yellow) becomes Praetorian Prefect","blue chooses a card face down","green chooses a card face down","yellow chooses a card face down","blue reveals Goths 4","yellow reveals Palmyra 4","green reveals Gold 2","1 Gold card(s) join the goths crisis","The Emperor addresses the palmyra crisis (4)","The Emperor plays Palmyra 6","Strength 6 against the palmyra crisis","The Emperor solves the palmyra crisis: blue scores 4","The Legatus addresses the goths war (6)","The Legatus uses Goths 7","The Legatus uses Goths 3","Strength 10 against the goths crisis","The Legatus solves the goths crisis: green scores 3","Philip the Arab dies; his card turns to Carus and is discarded","blue takes the deck","Turn 2: blue deals","yellow drafts SPQR 7","green drafts Persians 7","blue drafts SPQR 7","blue drafts Persians 6","green drafts Persians 5","yellow drafts Palmyra 2"],"final":null}', '["yellow"]', NULL, NULL, NULL, 1795576300, 1795576300);
INSERT INTO public.games VALUES ('tI9yrJPl', 'time_of_crisis', 77, '77', '{"emperor_rules": true, "players": 2}', 'finished', 25, '{"options":{"players":2,"short_game":false,"first_player":null,"expansion_cards":false,"market":"fixed","selection":{},"emperor_rules":true},"rng":{"key":"35b7b05e73e6c3060f452ab6b570bbb5b9f4b8bb2902b0f82fcf510bf0529197","counter":25,"seed":0,"draws":25,"script":[],"chance":null},"players":[{"role":"green","hand":["red1","blue1","blue1","blue1","yellow1"],"available":["yellow1","yellow1","red1","red1"],"discard":[],"legacy":2,"emperor_turns":0,"turns":1,"governors_unclaimed":[1,2,3,4,5],"governors_ready":0,"generals_unclaimed":[1,2,3,4,5],"generals_ready":0,"trophies":[],"ludi":false,"bought":[],"trashed":[]},{"role":"blue","hand":["blue1","red1","red1","red1"],"available":["blue1","blue1","yellow1","yellow1"],"discard":["yellow1"],"legacy":1,"emperor_turns":0,"turns":0,"governors_unclaimed":[1,2,3,4,5],"governors_ready":0,"generals_unclaimed":[1,2,3,4,5],"generals_ready":0,"trophies":[],"ludi":false,"bought":[],"trashed":[]}],"provinces":{"Britannia":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Gallia":{"governor":"green","support":1,"mobs":0,"militia":true,"improvements":["Limes"],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Hispania":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Africa":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Italia":{"governor":"neutral","support":4,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Pannonia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{"Alamanni":1},"inactive":{}},"Thracia":{"governor":"blue","support":1,"mobs":0,"militia":true,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Macedonia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Asia":{"governor":"neutral","support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":false,"active":{},"inactive":{}},"Galatia":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{"Goths":1},"inactive":{}},"Syria":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}},"Aegyptus":{"governor":null,"support":1,"mobs":0,"militia":false,"improvements":[],"quaestor":false,"pretender":null,"seat":false,"no_place_governor":true,"active":{},"inactive":{}}},"tribes":{"Franks":{"active":0,"inactive":10,"in_game":true},"Alamanni":{"active":0,"inactive":9,"in_game":true},"Goths":{"active":0,"inactive":9,"in_game":true},"Sassanids":{"active":0,"inactive":0,"in_game":false},"Nomads":{"active":0,"inactive":0,"in_game":false}},"supply":{"castra":9,"flanking_maneuver":8,"praetorian_guard":6,"tribute":9,"foederati":8,"damnatio_memoriae":6,"quaestor":9,"mob":8,"pretender":6},"event_deck":["bad_auguries","raiding_parties","cniva","zenobia","ludi_saeculares","shapur_i","inflation","preparing_for_war","priest_king_of_emesa","plague_of_cyprian","postumus","ardashir","good_auguries","diocletian","palmyra_allies"],"stacks":{},"emperor_token":null,"peek":[],"first":0,"current":1,"step":"buy","stack":[],"phase":"buy","round":1,"armies":[{"id":1,"owner":"green","region":"Gallia","capital":true,"full":2,"reduced":0,"foederati":{},"castra":false,"battled":false},{"id":2,"owner":"blue","region":"Thracia","capital":true,"full":1,"reduced":0,"foederati":{},"castra":false,"battled":false}],"next_army":3,"leaders":{},"rivals":{},"events_drawn":[],"lasting":null,"turn":{"pool":{"red":0,"blue":0,"yellow":0},"played":[],"events":[],"targeted":[],"recalled":[],"bought":0,"political":1,"discounts":[],"damnatio":null,"flanking":false,"cavalry":false,"spiculum":false,"princeps":false,"ambitus":0,"mobile_vulgus":false,"triumph":0,"battle_legacy":0,"was_emperor":false,"crossed":[],"militia_battled":[]},"battle":null,"choosing":{},"reward":null,"occupy":null,"last_round":false,"ended":null,"final":null,"reveals":0,"version":24,"log":["green is the first player","green chooses Gallia","blue chooses Thracia","-- green turn 1 --","Crisis roll 1+4=5: Alamanni","Alamanni invasion roll: white 1, black 1 (1 active at home)","1 Alamanni invade Pannonia","green plays Yellow 1","green plays Yellow 1","green plays Yellow 1","green plays Red 1","green plays Red 1","green builds a Limes in Gallia","green adds a legion to army 1 in Gallia (2)","green gains 2 legacy (2)","-- blue turn 1 --","Crisis roll 3+3=6: Goths","Goths invasion roll: white 6, black 1 (1 active at home)","1 Goths invade Galatia","blue gains 1 legacy (1)"]}', '[]', '{"reason": "resigned", "resigned": "blue", "scores": {"green": 2, "blue": 1}, "ranking": ["green", "blue"], "winner": null}', NULL, NULL, 1795576300, 1795576301);


--
-- Data for Name: notes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.notes VALUES ('ZNS1tP4P', 'green', 'Plan: hold Italia, then the East.
Never trust blue.', 1795576289);
INSERT INTO public.notes VALUES ('UkFyZNR2', 'green', 'green''s plans', 1795576296);
INSERT INTO public.notes VALUES ('UkFyZNR2', 'yellow', 'yellow''s plans', 1795576296);
INSERT INTO public.notes VALUES ('aYYuUl5H', 'green', 'Plan: hold Italia, then the East.
Never trust blue.', 1795576296);
INSERT INTO public.notes VALUES ('0mzxW9fk', 'green', 'green''s plans', 1795576300);
INSERT INTO public.notes VALUES ('0mzxW9fk', 'yellow', 'yellow''s plans', 1795576300);


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seats VALUES ('ZNS1tP4P', 'green', 0, 'human', NULL, 'Livia', '0b5b4a0ffdc083b16046c57ec0e7f7a716ccc22a8ceefa264326b322590c5be8', 0, 0);
INSERT INTO public.seats VALUES ('ZNS1tP4P', 'blue', 1, 'bot', 'random', 'random bot', NULL, 0, 0);
INSERT INTO public.seats VALUES ('NvIZMqT9', 'green', 0, 'human', NULL, 'Livia', '0b5b4a0ffdc083b16046c57ec0e7f7a716ccc22a8ceefa264326b322590c5be8', 0, 0);
INSERT INTO public.seats VALUES ('NvIZMqT9', 'blue', 1, 'bot', 'random', 'random bot', NULL, 0, 0);
INSERT INTO public.seats VALUES ('UkFyZNR2', 'blue', 1, 'bot', 'balanced', 'balanced bot', NULL, 0, 0);
INSERT INTO public.seats VALUES ('UkFyZNR2', 'yellow', 2, 'human', NULL, 'Marcus', '440e6a3773ee19d30426582365d9fb7505952b0ea95dbb6925d4c4ec79ab4d8a', 0, 0);
INSERT INTO public.seats VALUES ('UkFyZNR2', 'green', 0, 'human', NULL, 'Livia on the web', 'cdf8a95cdaf3da6d6c621832a8e4d733261e67ac251fc8cfe684b17782435e01', 1, 0);
INSERT INTO public.seats VALUES ('aYYuUl5H', 'green', 0, 'human', NULL, 'Livia', '456a2665c9c9ab51deb585be8e3bc404d81b4476167bc90c3a172376e251b3a6', 0, 0);
INSERT INTO public.seats VALUES ('aYYuUl5H', 'blue', 1, 'bot', 'random', 'random bot', NULL, 0, 0);
INSERT INTO public.seats VALUES ('Le0ODQrO', 'green', 0, 'human', NULL, 'Livia', '456a2665c9c9ab51deb585be8e3bc404d81b4476167bc90c3a172376e251b3a6', 0, 0);
INSERT INTO public.seats VALUES ('Le0ODQrO', 'blue', 1, 'bot', 'random', 'random bot', NULL, 0, 0);
INSERT INTO public.seats VALUES ('0mzxW9fk', 'blue', 1, 'bot', 'heuristic', 'heuristic bot', NULL, 0, 0);
INSERT INTO public.seats VALUES ('0mzxW9fk', 'yellow', 2, 'human', NULL, 'Marcus', '26b9498c173be09951da6a532ab16fea93b4e3cf96aa10bfc699bebbaf6225d5', 0, 0);
INSERT INTO public.seats VALUES ('0mzxW9fk', 'green', 0, 'human', NULL, 'Livia on the web', '744a2322d27f551c1a8a148b70c14d0cb17cc0070d041dfd88a33b95199ea09d', 1, 0);
INSERT INTO public.seats VALUES ('tI9yrJPl', 'green', 0, 'bot', 'military', 'military bot', NULL, 0, 0);
INSERT INTO public.seats VALUES ('tI9yrJPl', 'blue', 1, 'human', NULL, 'Livia', 'e3b8fb8891e6a1e986b978c4bf714975d1b32c4a4c61d608629ae76cd57fff33', 0, 1);


--
-- Name: actions actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (game, n);


--
-- Name: chat chat_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat
    ADD CONSTRAINT chat_pkey PRIMARY KEY (game, n);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: notes notes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_pkey PRIMARY KEY (game, role);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (game, role);


--
-- Name: seats_by_token; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX seats_by_token ON public.seats USING btree (token_hash);


--
-- Name: actions actions_game_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_game_fkey FOREIGN KEY (game) REFERENCES public.games(id);


--
-- Name: chat chat_game_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.chat
    ADD CONSTRAINT chat_game_fkey FOREIGN KEY (game) REFERENCES public.games(id);


--
-- Name: notes notes_game_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notes
    ADD CONSTRAINT notes_game_fkey FOREIGN KEY (game) REFERENCES public.games(id);


--
-- Name: seats seats_game_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_game_fkey FOREIGN KEY (game) REFERENCES public.games(id);


--
-- PostgreSQL database dump complete
--


